import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card as Panel, Col, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { failureOf } from '@/shared/api';
import { idCardRules, placeholder } from '@/shared/lib/rules';
import type { UploadedFile } from '@/shared/ui/upload/logic';
import { getMine, submitCert, type Card, type CertRow, type Side } from './api';
import { CardUpload } from './components/CardUpload';
import { fieldsFromCard, isCreditCode } from './logic';
import { useT } from './messages';

interface Values {
  companyName: string;
  creditCode: string;
  legalPerson: string;
  idNumber: string;
  idFront: UploadedFile[];
  idBack: UploadedFile[];
  license: UploadedFile[];
}

type Image = NonNullable<CertRow['idFront']>;

const asFiles = (img: Image | undefined, name: string): UploadedFile[] =>
  img ? [{ id: img.id, originalName: name, name, fileUrl: img.url, path: img.url, readUrl: img.url, downloadUrl: img.url, fileType: 'png' }] : [];

const BANNER = { pending: 'info', approved: 'success', rejected: 'error' } as const;

/** 企业认证 (the channel operator's): the state banner, and the form while there is none or it was rejected. */
export default function MineCertPage() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [mine, setMine] = useState<CertRow | null | undefined>(undefined);
  const [card, setCard] = useState<Partial<Card>>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const c = await getMine();
    setMine(c);
    if (c) {
      form.setFieldsValue({
        companyName: c.companyName,
        creditCode: c.creditCode,
        legalPerson: c.legalPerson,
        idNumber: c.idNumber,
        idFront: asFiles(c.idFront, t('cert.idFront')),
        idBack: asFiles(c.idBack, t('cert.idBack')),
        license: asFiles(c.license, t('cert.license')),
      });
    }
  }, [form, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const read = (c: Card, side: Side) => {
    setCard((old) => ({ ...old, ...Object.fromEntries(Object.entries(c).filter(([, v]) => v)) }));
    form.setFieldsValue(fieldsFromCard(c, side));
  };

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await submitCert({
        companyName: v.companyName,
        creditCode: v.creditCode.trim().toUpperCase(),
        legalPerson: v.legalPerson,
        idNumber: v.idNumber.trim().toUpperCase(),
        idFront: v.idFront[0]?.id ?? 0,
        idBack: v.idBack[0]?.id ?? 0,
        license: v.license[0]?.id ?? 0,
      });
      void message.success(t('cert.submitted'));
      await load();
    } catch (e) {
      const f = failureOf(e);
      if (f) form.setFields(f.errors.map((x) => ({ name: x.field as keyof Values, errors: [x.message] })));
    } finally {
      setSaving(false);
    }
  };

  if (mine === undefined) return <Skeleton active />;
  const editable = !mine || mine.status === 'rejected';
  const status = mine?.status;
  const picture = [{ required: true, message: t('cert.upload.required') }];

  return (
    <Panel title={t('cert.title')}>
      <Alert
        data-testid="cert-banner"
        showIcon
        style={{ marginBottom: 16 }}
        type={status ? BANNER[status] : 'info'}
        message={status ? t(`cert.status.${status}`) : t('cert.status.none')}
        description={status ? t(`cert.banner.${status}`, { reason: mine?.reason ?? '' }) : t('cert.banner.none')}
      />
      <Form<Values> form={form} layout="vertical" disabled={!editable} onFinish={submit} style={{ maxWidth: 880 }}>
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item name="idFront" label={t('cert.idFront')} rules={picture}>
              <CardUpload side="front" onRead={read} label={t('cert.idFront')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="idBack" label={t('cert.idBack')} rules={picture}>
              <CardUpload side="back" onRead={read} label={t('cert.idBack')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="license" label={t('cert.license')} rules={picture}>
              <CardUpload label={t('cert.license')} />
            </Form.Item>
          </Col>
        </Row>
        {Object.keys(card).length ? (
          <Descriptions data-testid="ocr-result" size="small" bordered column={{ xs: 1, md: 2 }} title={t('cert.ocr.result')} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('cert.legalPerson')}>{card.name}</Descriptions.Item>
            <Descriptions.Item label={t('cert.card.gender')}>{card.gender}</Descriptions.Item>
            <Descriptions.Item label={t('cert.card.ethnicity')}>{card.ethnicity}</Descriptions.Item>
            <Descriptions.Item label={t('cert.card.birth')}>{card.birth}</Descriptions.Item>
            <Descriptions.Item label={t('cert.card.address')}>{card.address}</Descriptions.Item>
            <Descriptions.Item label={t('cert.idNumber')}>{card.number}</Descriptions.Item>
            <Descriptions.Item label={t('cert.card.authority')}>{card.authority}</Descriptions.Item>
            <Descriptions.Item label={t('cert.card.validity')}>{card.validity}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="companyName" label={t('cert.companyName')} rules={[{ required: true, whitespace: true, max: 128 }]}>
              <Input placeholder={placeholder(t('cert.companyName'))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="creditCode"
              label={t('cert.creditCode')}
              rules={[
                { required: true },
                { validator: async (_, v: string) => { if (v && !isCreditCode(v.trim().toUpperCase())) throw new Error(t('cert.creditCode.bad')); } },
              ]}
            >
              <Input maxLength={18} placeholder={placeholder(t('cert.creditCode'))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="legalPerson" label={t('cert.legalPerson')} rules={[{ required: true, whitespace: true, max: 64 }]}>
              <Input placeholder={placeholder(t('cert.legalPerson'))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="idNumber"
              label={t('cert.idNumber')}
              rules={[...idCardRules(), { len: 18, message: t('cert.idNumber.bad') }]}
            >
              <Input maxLength={18} placeholder={placeholder(t('cert.idNumber'))} />
            </Form.Item>
          </Col>
        </Row>
        {editable ? (
          <Button type="primary" htmlType="submit" loading={saving}>
            {mine ? t('cert.resubmit') : t('cert.submit')}
          </Button>
        ) : null}
      </Form>
    </Panel>
  );
}
