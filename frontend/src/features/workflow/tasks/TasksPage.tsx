import { lazy, Suspense, useState } from 'react';
import { useSearchParams, Link } from 'react-router';
import { Tabs } from 'antd';
import { DataTable, type DataColumn } from '@/shared/ui/table';
import type { Box, TaskRow } from '../types.flow';
import { listTasks } from '../api.flow';
import { useT } from '../messages.flow';
import { nodeLabel } from '../flowNodes';
import { StatusTag } from '../flowDetail/status';
import { DATE_CELL } from '@/shared/ui/dateCell';

// 批量同意 is a chunk of its own: 我的审批's first load has a budget (bundle-report).
const BatchApprove = lazy(() => import('./BatchApprove').then((m) => ({ default: m.BatchApprove })));

export const BOXES: readonly Box[] = ['todo', 'done', 'cc', 'mine'];

/** ?box= as a known box; anything else is 我的待办. */
export function boxOf(value: string | null): Box {
  return BOXES.includes(value as Box) ? (value as Box) : 'todo';
}

/** 我的审批 /workflow/tasks?box=: 我的待办 · 我的已办 · 抄送我的 · 我发起的, the tab kept in the address. */
export default function TasksPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const box = boxOf(search.get('box'));
  const [picked, setPicked] = useState<TaskRow[]>([]);
  // a batch approval remounts the list: the approved rows leave it, the selection is cleared
  const [round, setRound] = useState(0);
  const todo = box === 'todo';
  const columns: DataColumn<TaskRow>[] = [
    { key: 'blurry', title: t('wf.tasks.blurry'), dataIndex: 'blurry', hideInTable: true, fieldProps: { 'aria-label': t('wf.tasks.blurry') } },
    { key: 'formName', title: t('wf.detail.form'), dataIndex: 'formName', search: false },
    { key: 'summary', title: t('wf.tasks.summary'), dataIndex: 'summary', search: false, ellipsis: true, render: (_, r) => r.summary || '-' },
    { key: 'applicant', title: t('wf.detail.applicant'), dataIndex: 'applicant', search: false, render: (_, r) => r.applicant?.name ?? '-' },
    {
      key: 'nodeName',
      title: t('wf.tasks.node'),
      dataIndex: 'nodeName',
      search: false,
      render: (_, r) => (r.nodeId ? nodeLabel({ name: r.nodeName, type: r.nodeType }, t) : '-'),
    },
    { key: 'status', title: t('wf.detail.status'), dataIndex: 'status', search: false, render: (_, r) => <StatusTag status={r.status} /> },
    { className: DATE_CELL, key: 'createTime', title: t('wf.tasks.createTime'), dataIndex: 'createTime', search: false },
    { className: DATE_CELL, key: 'finishTime', title: t('wf.tasks.finishTime'), dataIndex: 'finishTime', search: false, render: (_, r) => r.finishTime || '-' },
  ];
  return (
    <>
      <Tabs
        activeKey={box}
        onChange={(key) => {
          setPicked([]);
          setSearch({ box: key }, { replace: true });
        }}
        items={BOXES.map((b) => ({ key: b, label: t(`wf.box.${b}`) }))}
        style={{ marginBottom: 0 }}
      />
      <DataTable<TaskRow>
        // a tab is its own list: its own search and pager
        key={`${box}-${round}`}
        title={t(`wf.box.${box}`)}
        rowKey="id"
        // 我的待办 selects rows of one form for 批量同意
        selection={todo}
        onSelectionChange={(rows) => setPicked(rows.map((r) => r.item))}
        toolbar={
          todo
            ? [
                <Suspense key="batch" fallback={null}>
                  <BatchApprove
                    rows={picked}
                    onDone={() => {
                      setPicked([]);
                      setRound((n) => n + 1);
                    }}
                  />
                </Suspense>,
              ]
            : undefined
        }
        columns={columns}
        // 查看 in the shared 操作 column: sized by its label in the chosen language, pinned right
        rowActions={(r) => [
          <Link key="view" to={`/flowDetail?id=${r.instanceId}`}>
            {t('wf.view')}
          </Link>,
        ]}
        rowActionLabels={[t('wf.view')]}
        request={(q) => listTasks({ box, page: q.page, size: q.size, blurry: q.filters.blurry === undefined ? undefined : String(q.filters.blurry) })}
      />
    </>
  );
}
