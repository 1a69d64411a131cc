import { useNavigate } from 'react-router';
import { Button, Empty, List, Space, Typography } from 'antd';
import { markAllRead } from './api';
import { useT } from './messages';
import { useOpenMessage } from './openMessage';
import { MESSAGES_PATH } from './paths';
import { useNotify } from './store';
import { ago } from './time';
import { TypeTag } from './TypeTag';

/**
 * The bell's list: the newest messages, 全部已读 and 查看全部. Its own chunk, loaded at the first
 * open: the frame carries only the bell and its count.
 */
export default function BellList({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const unread = useNotify((s) => s.unread);
  const latest = useNotify((s) => s.latest);
  const openMessage = useOpenMessage();

  return (
    <div style={{ width: 360 }}>
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg.empty')} />
      ) : (
        <List
          size="small"
          dataSource={latest}
          renderItem={(m) => (
            <List.Item
              key={m.id}
              style={{ cursor: 'pointer', opacity: m.read ? 0.6 : 1 }}
              onClick={() => {
                onClose();
                openMessage(m);
              }}
            >
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Space size={4} align="start">
                  <TypeTag type={m.type} />
                  <Typography.Paragraph strong={!m.read} ellipsis={{ rows: 2, tooltip: m.title }} style={{ margin: 0, width: 240 }}>
                    {m.title}
                  </Typography.Paragraph>
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {ago(m.createTime)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', paddingTop: 8 }}>
        <Button
          size="small"
          type="link"
          disabled={unread === 0}
          onClick={() => {
            useNotify.getState().markedRead('all');
            markAllRead().catch(() => undefined);
          }}
        >
          {t('msg.readAll')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            onClose();
            navigate(MESSAGES_PATH);
          }}
        >
          {t('msg.viewAll')}
        </Button>
      </div>
    </div>
  );
}
