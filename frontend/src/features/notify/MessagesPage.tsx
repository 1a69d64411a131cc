import { useRef, useState } from 'react';
import { App, Badge, Button, Select, Tabs, Typography } from 'antd';
import { DataTable, type ActionType, type DataColumn, type Selected } from '@/shared/ui/table';
import { formatTime } from '@/shared/lib/time';
import { listMessages, markAllRead, markRead, type MessageQuery } from './api';
import { useOpenMessage } from './openMessage';
import { SettingsDrawer } from './components/SettingsDrawer';
import { useT } from './messages';
import { useNotify } from './store';
import { TypeTag } from './TypeTag';
import { MESSAGE_TYPES, type StoredMessage } from './types';

export type Box = 'all' | 'unread';

/** The list's query from the page's choices: 未读 asks read=false, a type asks type=. */
export function messageQuery(page: number, size: number, box: Box, type: string | undefined): MessageQuery {
  return { page, size, ...(type ? { type } : {}), ...(box === 'unread' ? { read: false } : {}) };
}

/** 消息中心 (/messages): every message of the signed-in user, by read state and type; 接收设置. */
export default function MessagesPage() {
  const t = useT();
  const { message } = App.useApp();
  const table = useRef<ActionType | null>(null);
  const [box, setBox] = useState<Box>('all');
  const [type, setType] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<Selected<StoredMessage>[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const openMessage = useOpenMessage();

  const read = async (ids: number[]) => {
    if (ids.length === 0) {
      void message.warning(t('msg.selectFirst'));
      return;
    }
    await markRead(ids);
    useNotify.getState().markedRead(ids);
    void message.success(t('msg.done'));
    table.current?.reload();
  };

  const columns: DataColumn<StoredMessage>[] = [
    { key: 'type', title: t('msg.col.type'), dataIndex: 'type', width: 120, render: (_, r) => <TypeTag type={r.type} /> },
    {
      key: 'title',
      title: t('msg.col.title'),
      dataIndex: 'title',
      render: (_, r) => (
        <div>
          <Typography.Text strong={!r.read}>{r.title}</Typography.Text>
          {r.body ? (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
              {r.body}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
    { key: 'createTime', title: t('msg.col.time'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime.includes('T') ? new Date(r.createTime) : r.createTime) },
    {
      key: 'read',
      title: t('msg.col.status'),
      dataIndex: 'read',
      width: 90,
      render: (_, r) => <Badge status={r.read ? 'default' : 'processing'} text={t(r.read ? 'msg.status.read' : 'msg.status.unread')} />,
    },
  ];

  return (
    <>
      <Tabs
        activeKey={box}
        onChange={(key) => setBox(key as Box)}
        items={[
          { key: 'all', label: t('msg.tab.all') },
          { key: 'unread', label: t('msg.tab.unread') },
        ]}
        style={{ marginBottom: 0 }}
      />
      <DataTable<StoredMessage>
        title={t('msg.title')}
        actionRef={table}
        rowKey="id"
        search={false}
        serial={false}
        columns={columns}
        // a change of tab or type goes back to the first page
        params={{ box, type }}
        request={(q) => listMessages(messageQuery(q.page, q.size, box, type))}
        onSelectionChange={setSelected}
        toolbar={[
          <Select
            key="type"
            aria-label={t('msg.typeFilter')}
            placeholder={t('msg.typeFilter')}
            allowClear
            style={{ width: 160 }}
            value={type}
            onChange={(v) => setType(v)}
            options={MESSAGE_TYPES.map((v) => ({ value: v, label: t(`msg.type.${v}`) }))}
          />,
          <Button key="batch" onClick={() => void read(selected.map((s) => s.item.id)).catch(() => undefined)}>
            {t('msg.markRead')}
          </Button>,
          <Button
            key="all"
            onClick={() =>
              void markAllRead()
                .then(() => {
                  useNotify.getState().markedRead('all');
                  void message.success(t('msg.done'));
                  table.current?.reload();
                })
                .catch(() => undefined)
            }
          >
            {t('msg.readAll')}
          </Button>,
          <Button key="settings" onClick={() => setSettingsOpen(true)}>
            {t('msg.settings')}
          </Button>,
        ]}
        rowActions={(r) => [
          ...(r.read
            ? []
            : [
                <Button key="read" type="link" size="small" onClick={() => void read([r.id]).catch(() => undefined)}>
                  {t('msg.markRead')}
                </Button>,
              ]),
          ...(r.link
            ? [
                <Button key="open" type="link" size="small" onClick={() => openMessage(r)}>
                  {t('msg.open')}
                </Button>,
              ]
            : []),
        ]}
        rowActionLabels={[t('msg.markRead'), t('msg.open')]}
      />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
