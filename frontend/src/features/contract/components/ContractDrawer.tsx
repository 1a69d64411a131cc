import { useCallback, useEffect, useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { formatYuan } from '@/shared/lib/money';
import { apiUrl } from '@/shared/lib/runtime';
import { PdfPreview } from '@/shared/ui/pdf';
import { Upload } from '@/shared/ui/upload';
import { CONTRACT_FILE, MAX_PDF_MB, deleteAttachment, editable, filledPdf, getContract, type ContractDetail } from '../api';
import { saveBlob } from '@/shared/ui/table';
import { useT } from '../messages';
import { StatusTag } from './StatusTag';
import { FilledText } from './TemplateTextPreview';

/**
 * A contract: its terms, its variables as filled in, its template's text with them filled in, and its attachments (signed scans): upload
 * and delete while it is not yet signed, preview in the page (pdf.js), download under the
 * original name.
 */
export default function ContractDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const canEdit = usePermission([Perm.ContractEdit]);
  const [detail, setDetail] = useState<ContractDetail | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    if (id === null) return;
    const d = await getContract(id);
    setDetail(d);
    setPreview((p) => p ?? d.files[0]?.readUrl ?? null);
  }, [id]);

  useEffect(() => {
    setDetail(null);
    setPreview(null);
    void load();
  }, [load]);

  const open = editable(detail?.status ?? '') && canEdit;
  const remove = (fileId: number) =>
    modal.confirm({
      title: t('common.hint'),
      content: t('del.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await deleteAttachment(fileId);
        void message.success(t('del.ok'));
        setPreview(null);
        await load();
        onChanged();
      },
    });

  const download = async (d: ContractDetail) => {
    setSaving(true);
    try {
      saveBlob(await filledPdf(d.id), `${d.contractNo}.pdf`);
    } catch {
      // the request client has shown the server's reason (no font: 503)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer title={detail ? `${t('contract.detail')} ${detail.contractNo}` : t('contract.detail')} open={id !== null} width={760} onClose={onClose} destroyOnHidden>
      {detail ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={2} aria-label={t('contract.detail')}>
            <Descriptions.Item label={t('contract.no')}>{detail.contractNo}</Descriptions.Item>
            <Descriptions.Item label={t('contract.status')}>
              <StatusTag row={detail} />
            </Descriptions.Item>
            <Descriptions.Item label={t('contract.name')}>{detail.name}</Descriptions.Item>
            <Descriptions.Item label={t('contract.agency')}>{detail.agencyName || `#${detail.agencyId}`}</Descriptions.Item>
            <Descriptions.Item label={t('contract.term')}>
              {detail.startDate} ~ {detail.endDate}
            </Descriptions.Item>
            <Descriptions.Item label={t('contract.amount')}>{formatYuan(detail.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('contract.signTime')}>{detail.signTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('contract.remark')}>{detail.remark || '-'}</Descriptions.Item>
          </Descriptions>
          {detail.variables.length > 0 ? (
            <Descriptions title={t('contract.variables')} size="small" column={2} bordered>
              {detail.variables.map((v) => (
                <Descriptions.Item key={v.key} label={v.label}>
                  {v.value || '-'}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : null}
          {detail.templateFileUrl ? (
            <div>
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Title level={5}>{t('contract.text')}</Typography.Title>
                <Button size="small" loading={saving} onClick={() => void download(detail)}>
                  {t('contract.filledPdf')}
                </Button>
              </Space>
              <FilledText url={detail.templateFileUrl} values={Object.fromEntries(detail.variables.map((v) => [v.key, v.value]))} label={t('contract.text')} />
            </div>
          ) : null}
          <div>
            <Typography.Title level={5}>{t('contract.files')}</Typography.Title>
            {detail.files.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contract.noFiles')} /> : null}
            {detail.files.length > 0 ? (
              <List
                size="small"
                bordered
                dataSource={detail.files}
                renderItem={(f) => (
                  <List.Item
                    actions={[
                      <Button key="p" type="link" size="small" onClick={() => setPreview(f.readUrl)}>
                        {t('contract.preview')}
                      </Button>,
                      <a key="d" href={apiUrl(f.downloadUrl)} download={f.originalName}>
                        {t('contract.download')}
                      </a>,
                      open ? (
                        <Button key="x" type="link" size="small" danger onClick={() => remove(f.id)}>
                          {t('sys.del')}
                        </Button>
                      ) : null,
                    ]}
                  >
                    {f.originalName}
                    {preview === f.readUrl ? <Tag style={{ marginLeft: 8 }}>{t('contract.preview')}</Tag> : null}
                  </List.Item>
                )}
              />
            ) : null}
            {open ? (
              <div style={{ marginTop: 12 }}>
                <Upload
                  value={[]}
                  onChange={() => {
                    setPreview(null);
                    void load();
                    onChanged();
                  }}
                  data={{ type: CONTRACT_FILE, businessId: String(detail.id) }}
                  types={['pdf']}
                  maxMB={MAX_PDF_MB}
                  limit={20}
                  listType="text"
                  tip={t('contract.pdfOnly', { n: MAX_PDF_MB })}
                  label={t('contract.uploadScan')}
                />
              </div>
            ) : null}
          </div>
          {preview ? <PdfPreview url={preview} width={660} /> : null}
        </Space>
      ) : null}
    </Drawer>
  );
}
