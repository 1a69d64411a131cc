import { Card, Descriptions, Empty, List, Space, Tag } from 'antd';
import { formatYuan } from '@/shared/lib/money';
import { apiUrl } from '@/shared/lib/runtime';
import { PdfPreview } from '@/shared/ui/pdf';
import { getContract } from './api';
import { Pending, useTabTitle } from './Pending';
import { messages, useT } from './messages';
import { useRecord } from './useRecord';

/** One contract: its terms, variables and attachments, the first attachment previewed. */
export function ContractLook({ id, fullPath }: { id: number; fullPath: string }) {
  const t = useT();
  const { state, retry } = useRecord(getContract, id);
  useTabTitle(fullPath, state.phase === 'done' ? state.record.contractNo : undefined);
  if (state.phase !== 'done') return <Pending state={state} retry={retry} />;
  const c = state.record;
  const key = `look.contract.status.${c.status}`;
  const status = key in messages ? t(key as 'look.contract.status.draft') : c.status;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {t('look.contract.no')} {c.contractNo}
            <Tag>{status}</Tag>
            {c.expiring ? <Tag color="orange">{t('look.contract.expiring')}</Tag> : null}
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} aria-label={t('look.basic')}>
          <Descriptions.Item label={t('look.contract.name')}>{c.name}</Descriptions.Item>
          <Descriptions.Item label={t('look.contract.agency')}>{c.agencyName || `#${c.agencyId}`}</Descriptions.Item>
          <Descriptions.Item label={t('look.contract.term')}>
            {c.startDate} ~ {c.endDate}
          </Descriptions.Item>
          <Descriptions.Item label={t('look.contract.amount')}>{formatYuan(c.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('look.contract.status')}>{status}</Descriptions.Item>
          <Descriptions.Item label={t('look.contract.signTime')}>{c.signTime || '-'}</Descriptions.Item>
          {c.variables.map((v) => (
            <Descriptions.Item key={v.key} label={v.label}>
              {v.value || '-'}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card title={t('look.contract.files')} size="small">
        {c.files.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('look.contract.noFiles')} />
        ) : (
          <>
            <List
              size="small"
              dataSource={c.files}
              renderItem={(f) => (
                <List.Item>
                  <a href={apiUrl(f.downloadUrl)} download={f.originalName}>
                    {f.originalName}
                  </a>
                </List.Item>
              )}
            />
            <PdfPreview url={c.files[0].readUrl} />
          </>
        )}
      </Card>
    </Space>
  );
}
