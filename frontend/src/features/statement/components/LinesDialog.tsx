import { useEffect, useState } from 'react';
import { Modal, Table } from 'antd';
import { getStatement, type StatementDetail, type StatementRow } from '../api';
import { useT } from '../messages';

type Line = StatementDetail['lines'][number];

export interface LinesDialogProps {
  /** The statement shown; null: closed. */
  row: StatementRow | null;
  onClose: () => void;
}

/** 明细: every order, refund and adjustment of the statement, by date. */
export default function LinesDialog({ row, onClose }: LinesDialogProps) {
  const t = useT();
  const [detail, setDetail] = useState<StatementDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (row) void getStatement(row.id).then(setDetail);
  }, [row]);
  const kind = (k: string) => t(k === 'order' ? 'statement.kind.order' : k === 'refund' ? 'statement.kind.refund' : 'statement.kind.adjustment');
  return (
    <Modal open={row !== null} width={900} footer={null} onCancel={onClose} title={row ? `${row.agencyName} ${row.month} ${t('statement.title')}` : ''}>
      <Table<Line>
        rowKey="id"
        size="small"
        loading={row !== null && detail === null}
        dataSource={detail?.lines ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('statement.lines'), dataIndex: 'kind', render: (_, l) => kind(l.kind) },
          { title: t('statement.date'), dataIndex: 'date' },
          { title: t('statement.orderNo'), dataIndex: 'orderNo' },
          { title: t('statement.caseNo'), dataIndex: 'caseNo' },
          { title: t('statement.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('statement.note'), dataIndex: 'note' },
        ]}
        summary={() =>
          detail ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                {t('statement.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {detail.net}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Modal>
  );
}
