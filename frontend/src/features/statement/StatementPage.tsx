import { useRef, useState } from 'react';
import { App, Button } from 'antd';
import { usePermission, useSession } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { lazyDialog } from '@/shared/ui/form';
import { agencyColumns } from '@/shared/ui/picker';
import { DataTable, pageQuery, saveBlob, useActionColumn, type ActionType, type DataColumn } from '@/shared/ui/table';
import { DATE_CELL } from '@/shared/ui/dateCell';
import { downloadStatement, listStatements, statementFileName, type StatementFormat, type StatementRow } from './api';
import { useT } from './messages';

// the dialogs are their own chunks, fetched after the list has drawn
const GenerateDialog = lazyDialog(() => import('./components/GenerateDialog'));
const AdjustDialog = lazyDialog(() => import('./components/AdjustDialog'));
const LinesDialog = lazyDialog(() => import('./components/LinesDialog'));

interface Search {
  current?: number;
  pageSize?: number;
  agencyId?: number;
  month?: string;
}

/**
 * 对账单: each agency's month (sales, refunds, adjustments, net), newest first; its lines, and
 * downloads as Excel and PDF. Staff see every agency, make a running month again (生成) and add
 * adjustments to any; an operator sees their agency's statements only (the BFF's scope).
 */
export default function StatementPage() {
  const t = useT();
  const { message } = App.useApp();
  const table = useRef<ActionType>(null);
  const channel = useSession((s) => s.user?.kind === 'channel');
  const canGenerate = usePermission([Perm.StatementGenerate]);
  const [generating, setGenerating] = useState(false);
  const [adjusting, setAdjusting] = useState<StatementRow | null>(null);
  const [viewing, setViewing] = useState<StatementRow | null>(null);
  const reload = () => table.current?.reload();

  const download = async (row: StatementRow, format: StatementFormat) => {
    const blob = await downloadStatement(row.id, format);
    saveBlob(blob, statementFileName(row, format));
    void message.success(statementFileName(row, format));
  };

  const actions = useActionColumn<StatementRow>({
    perm: 'statement',
    extra: [
      { key: 'lines', label: t('statement.lines'), perm: Perm.StatementList, onClick: setViewing },
      { key: 'xlsx', label: t('statement.xlsx'), perm: Perm.StatementList, onClick: (r) => void download(r, 'xlsx') },
      { key: 'pdf', label: t('statement.pdf'), perm: Perm.StatementList, onClick: (r) => void download(r, 'pdf') },
    ],
    more: [{ key: 'adjust', label: t('statement.adjust'), perm: Perm.StatementAdjust, onClick: setAdjusting }],
  });

  const money = (key: 'sales' | 'refunds' | 'adjustments' | 'net'): DataColumn<StatementRow> => ({
    title: t(`statement.${key}`),
    dataIndex: key,
    search: false,
    align: 'right',
  });

  const columns: DataColumn<StatementRow>[] = [
    ...agencyColumns<StatementRow>({ title: t('statement.agency'), own: t('statement.own'), filter: !channel }),
    {
      title: t('statement.month'),
      dataIndex: 'month',
      fieldProps: { 'aria-label': t('statement.month'), placeholder: 'yyyy-MM' },
    },
    {
      title: t('statement.state'),
      dataIndex: 'state',
      search: false,
      render: (_, r) => t(r.state === 'frozen' ? 'statement.state.frozen' : 'statement.state.open'),
    },
    money('sales'),
    money('refunds'),
    money('adjustments'),
    money('net'),
    { title: t('statement.orderCount'), dataIndex: 'orderCount', search: false, align: 'right' },
    { title: t('statement.refundCount'), dataIndex: 'refundCount', search: false, align: 'right' },
    { className: DATE_CELL, title: t('statement.madeAt'), dataIndex: 'madeAt', search: false },
    actions,
  ];

  return (
    <>
      <DataTable<StatementRow, Search>
        title={t('statement.title')}
        actionRef={table}
        columns={columns}
        selection={false}
        scroll={{ x: 'max-content' }}
        toolbar={
          canGenerate
            ? [
                <Button key="generate" type="primary" onClick={() => setGenerating(true)}>
                  {t('statement.generate')}
                </Button>,
              ]
            : []
        }
        request={(q, params) => listStatements({ ...pageQuery(params), ...(q.filters as Record<string, string>) })}
      />
      <GenerateDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={() => {
          setGenerating(false);
          reload();
        }}
      />
      <AdjustDialog
        row={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => {
          setAdjusting(null);
          reload();
        }}
      />
      <LinesDialog row={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
