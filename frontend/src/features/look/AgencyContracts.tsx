import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Table, Tag } from 'antd';
import { formatYuan } from '@/shared/lib/money';
import { lookPath } from '@/shared/lib/look';
import { listAgencyContracts, type AgencyContract } from './api';
import { messages, useT } from './messages';

/**
 * The agency's contracts on its detail page: number (to the contract's own detail), name, term,
 * amount, status. A session without contract:list gets none from the server and sees the empty state.
 */
export function AgencyContracts({ agencyId }: { agencyId: number }) {
  const t = useT();
  const [rows, setRows] = useState<AgencyContract[] | null>(null);
  useEffect(() => {
    let live = true;
    listAgencyContracts(agencyId).then(
      (page) => live && setRows(page.content),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [agencyId]);
  const status = (s: string) => {
    const key = `look.contract.status.${s}`;
    return key in messages ? t(key as 'look.contract.status.draft') : s;
  };
  return (
    <Card title={t('agency.contracts')} size="small" data-section="agency-contracts">
      {rows !== null && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agency.contractsNone')} />
      ) : (
        <Table<AgencyContract>
          size="small"
          rowKey="id"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          columns={[
            { title: t('look.contract.no'), dataIndex: 'contractNo', render: (no: string, c) => <Link to={lookPath('contract', c.id)}>{no}</Link> },
            { title: t('look.contract.name'), dataIndex: 'name' },
            { title: t('look.contract.term'), key: 'term', render: (_, c) => `${c.startDate} ~ ${c.endDate}` },
            { title: t('look.contract.amount'), dataIndex: 'amount', render: (a: string) => formatYuan(a) },
            {
              title: t('look.contract.status'),
              dataIndex: 'status',
              render: (s: string, c) => (
                <>
                  <Tag>{status(s)}</Tag>
                  {c.expiring ? <Tag color="orange">{t('look.contract.expiring')}</Tag> : null}
                </>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
