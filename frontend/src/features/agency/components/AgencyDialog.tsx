import { App, Col } from 'antd';
import { mobileRules, placeholder } from '@/shared/lib/rules';
import { DIALOG_COL, Dialog, ProForm, ProFormRadio, ProFormText } from '@/shared/ui/form';
import { createAgency, updateAgency, type AgencyRow } from '../api';
import { useT } from '../messages';
import { LogoUpload } from './LogoUpload';
import { RegionPicker } from '@/shared/ui/region/RegionPicker';

interface FormValues {
  name: string;
  code: string;
  contact: string;
  phone: string;
  region?: string;
  address?: string;
  logo?: string;
  enabled: boolean;
}

export interface AgencyDialogProps {
  /** The row being edited, 'new', or null: closed. */
  editing: AgencyRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The create/edit dialog of 渠道管理. 停用 asks first: the agency's operators are signed out at once. */
export default function AgencyDialog({ editing, onClose, onSaved }: AgencyDialogProps) {
  const t = useT();
  const { message, modal } = App.useApp();
  const row = editing && editing !== 'new' ? editing : null;
  const required = { required: true, message: t('v.required') };
  const initial: Partial<FormValues> = row
    ? { name: row.name, code: row.code, contact: row.contact, phone: row.phone, region: row.region, address: row.address, logo: row.logo, enabled: row.enabled }
    : { enabled: true };
  const confirmOff = () =>
    new Promise<boolean>((resolve) =>
      modal.confirm({
        title: t('common.hint'),
        content: t('agency.off.confirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  return (
    <Dialog<FormValues>
      title={row ? `${t('sys.edit')} ${row.name}` : t('sys.add')}
      open={editing !== null}
      initialValues={initial}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (row?.enabled && !v.enabled && !(await confirmOff())) return false;
        const body = { ...v, region: v.region ?? '', address: v.address ?? '', logo: v.logo ?? '' };
        if (row) await updateAgency({ ...body, id: row.id });
        else await createAgency(body);
        void message.success(row ? t('sys.saved') : t('sys.created'));
        onSaved();
        return true;
      }}
    >
      <ProFormText name="name" label={t('agency.name')} placeholder={placeholder(t('agency.name'), 'text')} rules={[required, { max: 128 }]} fieldProps={{ maxLength: 128 }} />
      <ProFormText
        name="code"
        label={t('agency.code')}
        placeholder={placeholder(t('agency.code'), 'text')}
        rules={[required, { pattern: /^[A-Za-z0-9_-]+$/, message: t('agency.code.rule') }]}
        fieldProps={{ maxLength: 64 }}
      />
      <ProFormText name="contact" label={t('agency.contact')} placeholder={placeholder(t('agency.contact'), 'text')} rules={[required]} fieldProps={{ maxLength: 64 }} />
      <ProFormText name="phone" label={t('agency.phone')} placeholder={placeholder(t('agency.phone'), 'text')} rules={mobileRules()} fieldProps={{ maxLength: 11 }} />
      <Col {...DIALOG_COL}>
        <ProForm.Item name="region" label={t('agency.region')}>
          <RegionPicker placeholder={placeholder(t('agency.region'), 'select')} />
        </ProForm.Item>
      </Col>
      <ProFormText name="address" label={t('agency.address')} placeholder={placeholder(t('agency.address'), 'text')} fieldProps={{ maxLength: 255 }} />
      <ProFormRadio.Group
        name="enabled"
        label={t('agency.status')}
        options={[
          { label: t('agency.status.on'), value: true },
          { label: t('agency.status.off'), value: false },
        ]}
      />
      <Col span={24}>
        <ProForm.Item name="logo" label={t('agency.logo')}>
          <LogoUpload />
        </ProForm.Item>
      </Col>
    </Dialog>
  );
}
