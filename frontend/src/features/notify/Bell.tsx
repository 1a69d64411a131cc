import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Empty, List, Popover, Space, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { markAllRead, markRead } from './api';
import { useT } from './messages';
import { MESSAGES_PATH } from './paths';
import { useNotify } from './store';
import { ago } from './time';
import { TypeTag } from './TypeTag';
import type { StoredMessage } from './types';

/** Marks a message read (when it is not) and opens its record; the bell's and the page's click. */
export function useOpenMessage(): (m: StoredMessage) => void {
  const navigate = useNavigate();
  return (m) => {
    if (!m.read) {
      useNotify.getState().markedRead([m.id]);
      markRead([m.id]).catch(() => undefined); // the client told the failure
    }
    if (m.link) navigate(m.link);
  };
}

/** The header's bell: the unread count (99+) and the newest messages, 全部已读 and 查看全部. */
export function MessageBell() {
  const t = useT();
  const navigate = useNavigate();
  const unread = useNotify((s) => s.unread);
  const latest = useNotify((s) => s.latest);
  const [open, setOpen] = useState(false);
  const openMessage = useOpenMessage();

  const content = (
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
                setOpen(false);
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
            setOpen(false);
            navigate(MESSAGES_PATH);
          }}
        >
          {t('msg.viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content} title={t('msg.title')}>
      <Button type="text" aria-label={`${t('msg.bell')} ${unread}`} title={t('msg.bell')}>
        <Badge count={unread} overflowCount={99} size="small" offset={[6, -2]} data-testid="message-badge">
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
