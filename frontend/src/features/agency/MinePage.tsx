import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { App, Card, Descriptions, Form, Result, Space, Spin, Tag } from 'antd';
import { failureOf } from '@/shared/api';
import { useSession } from '@/features/auth';
import { mobileRules, placeholder } from '@/shared/lib/rules';
import { submitForm, ProForm, ProFormText } from '@/shared/ui/form';
import { getMine, updateMine, type AgencyRow, type MineInput } from './api';
import { LogoUpload } from './components/LogoUpload';
import { useT } from './messages';
import { useMyAgency } from './myAgency';
import { CERT_COLOR } from './certColor';

/**
 * 我的渠道 (channel/mine/index): the operator's own agency — its logo (sent at once, shown in the
 * header too), contact, phone and address to edit, the rest to read, and the certification
 * state with the way to 企业认证 (/mine/cert).
 */
export default function MinePage() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<MineInput>();
  const [agency, setAgency] = useState<AgencyRow | null>(null);
  const [missing, setMissing] = useState(false);
  const share = useMyAgency((s) => s.set);
  // a staff account (the superuser sees every menu) belongs to no agency: nothing to ask for
  const operator = useSession((s) => s.user?.kind === 'channel');

  useEffect(() => {
    if (!operator) return;
    getMine().then(
      (a) => {
        setAgency(a);
        share(a);
      },
      (e: unknown) => setMissing(failureOf(e)?.status === 404),
    );
  }, [share, operator]);

  if (missing || !operator) return <Result status="info" title={t('agency.mine.none')} />;
  if (!agency) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const changed = (a: AgencyRow) => {
    setAgency(a);
    share(a);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('agency.mine.title')}>
        <Space align="start" size={32} wrap>
          <LogoUpload
            size={96}
            value={agency.logo}
            onChange={(logo) => {
              changed({ ...agency, logo });
              void message.success(t('agency.logo.done'));
            }}
          />
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} aria-label={t('agency.mine.title')}>
            <Descriptions.Item label={t('agency.name')}>{agency.name}</Descriptions.Item>
            <Descriptions.Item label={t('agency.code')}>{agency.code}</Descriptions.Item>
            <Descriptions.Item label={t('agency.region')}>{agency.region || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('agency.createTime')}>{agency.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('agency.cert')}>
              <Space>
                <Tag color={CERT_COLOR[agency.certStatus]}>{t(`agency.cert.${agency.certStatus}`)}</Tag>
                {agency.certStatus !== 'approved' ? <Link to="/mine/cert">{t('agency.mine.certLink')}</Link> : null}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <Card title={t('agency.mine.profile')}>
        <ProForm<MineInput>
          form={form}
          style={{ maxWidth: 560 }}
          initialValues={{ contact: agency.contact, phone: agency.phone, address: agency.address }}
          submitter={{ searchConfig: { submitText: t('agency.mine.save') }, resetButtonProps: false }}
          onFinish={(v) =>
            submitForm(form, async () => {
              const body = { ...v, address: v.address ?? '' };
              await updateMine(body);
              changed({ ...agency, ...body });
              void message.success(t('sys.saved'));
              return true;
            })
          }
        >
          <ProFormText name="contact" label={t('agency.contact')} placeholder={placeholder(t('agency.contact'), 'text')} rules={[{ required: true, message: t('v.required') }]} fieldProps={{ maxLength: 64 }} />
          <ProFormText name="phone" label={t('agency.phone')} placeholder={placeholder(t('agency.phone'), 'text')} rules={mobileRules()} fieldProps={{ maxLength: 11 }} />
          <ProFormText name="address" label={t('agency.address')} placeholder={placeholder(t('agency.address'), 'text')} fieldProps={{ maxLength: 255 }} />
        </ProForm>
      </Card>
    </Space>
  );
}
