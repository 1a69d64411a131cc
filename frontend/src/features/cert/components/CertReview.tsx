import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Image, Input, Modal, Space, Tag } from 'antd';
import { Can as Permission } from '@/shared/lib/access';
import { getRuntime } from '@/shared/lib/runtime';
import { auditCert, getCert, type CertRow } from '../api';
import { useT } from '../messages';

export const STATUS_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

interface Props {
  id: number;
  onClose: () => void;
  onDecided: () => void;
}

/** One certification with its pictures; a pending one is approved, or rejected with a reason. */
export function CertReview({ id, onClose, onDecided }: Props) {
  const t = useT();
  const { message } = App.useApp();
  const [row, setRow] = useState<CertRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void getCert(id).then(setRow);
  }, [id]);

  const decide = async (approve: boolean) => {
    if (!approve && !reason.trim()) {
      setReasonError(true);
      return;
    }
    setBusy(true);
    try {
      await auditCert(id, approve, approve ? '' : reason.trim());
      void message.success(approve ? t('cert.approved') : t('cert.rejected'));
      onDecided();
    } finally {
      setBusy(false);
    }
  };

  const pics = row ? ([['idFront', row.idFront], ['idBack', row.idBack], ['license', row.license]] as const) : [];
  return (
    <Modal open title={t('cert.auditTitle')} width={880} onCancel={onClose} footer={null} destroyOnHidden>
      {row ? (
        <>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('cert.agency')}>{row.agencyName}</Descriptions.Item>
            <Descriptions.Item label={t('cert.status')}>
              <Tag color={STATUS_COLOR[row.status]}>{t(`cert.status.${row.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('cert.companyName')}>{row.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('cert.creditCode')}>{row.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t('cert.legalPerson')}>{row.legalPerson}</Descriptions.Item>
            <Descriptions.Item label={t('cert.idNumber')}>{row.idNumber}</Descriptions.Item>
            <Descriptions.Item label={t('cert.submitTime')}>{row.submitTime}</Descriptions.Item>
            <Descriptions.Item label={t('cert.auditTime')}>{row.auditTime}</Descriptions.Item>
            {row.reason ? (
              <Descriptions.Item label={t('cert.reason')} span={2}>
                {row.reason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <h4 style={{ margin: '16px 0 8px' }}>{t('cert.images')}</h4>
          <Image.PreviewGroup>
            <Space size={16} wrap>
              {pics.map(([key, img]) =>
                img ? (
                  <figure key={key} style={{ margin: 0, textAlign: 'center' }}>
                    <Image width={240} src={getRuntime().apiBase + img.url} alt={t(`cert.${key}`)} />
                    <figcaption>{t(`cert.${key}`)}</figcaption>
                  </figure>
                ) : null,
              )}
            </Space>
          </Image.PreviewGroup>
          {row.status === 'pending' ? (
            <Permission roles={['cert:audit']}>
              <div style={{ marginTop: 16 }}>
                <Input.TextArea
                  aria-label={t('cert.reason')}
                  placeholder={t('cert.reason')}
                  maxLength={200}
                  status={reasonError ? 'error' : undefined}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(false);
                  }}
                />
                {reasonError ? <div style={{ color: '#ff4d4f' }}>{t('cert.reason.required')}</div> : null}
                <Space style={{ marginTop: 12 }}>
                  <Button type="primary" loading={busy} onClick={() => void decide(true)}>
                    {t('cert.approve')}
                  </Button>
                  <Button danger loading={busy} onClick={() => void decide(false)}>
                    {t('cert.reject')}
                  </Button>
                </Space>
              </div>
            </Permission>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
