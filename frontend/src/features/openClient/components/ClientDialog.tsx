import { placeholder } from '@/shared/lib/rules';
import { Dialog, ProForm, ProFormDependency, ProFormRadio, ProFormText } from '@/shared/ui/form';
import { AgencySelect } from '@/shared/ui/picker';
import { createOpenClient, type IssuedSecret } from '../api';
import { useT } from '../messages';

interface FormValues {
  name: string;
  owner: 'shop' | 'agency';
  agencyId?: number;
}

export interface ClientDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new client with its secret, to be shown once. */
  onCreated: (issued: IssuedSecret) => void;
}

/** 新建: a name and whose data the client works on, the shop's (本店) or a channel's. */
export default function ClientDialog({ open, onClose, onCreated }: ClientDialogProps) {
  const t = useT();
  const required = { required: true, message: t('v.required') };
  return (
    <Dialog<FormValues>
      title={t('openClient.add')}
      open={open}
      columns={1}
      initialValues={{ owner: 'shop' }}
      fieldAlias={{ agencyId: 'agencyId' }}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        const issued = await createOpenClient({ name: v.name, agencyId: v.owner === 'agency' ? (v.agencyId ?? null) : null });
        onCreated(issued);
        return true;
      }}
    >
      <ProFormText
        name="name"
        label={t('openClient.name')}
        placeholder={placeholder(t('openClient.name'), 'text')}
        rules={[required, { max: 64 }]}
        fieldProps={{ maxLength: 64 }}
      />
      <ProFormRadio.Group
        name="owner"
        label={t('openClient.owner')}
        options={[
          { label: t('openClient.owner.shop'), value: 'shop' },
          { label: t('openClient.owner.agency'), value: 'agency' },
        ]}
      />
      <ProFormDependency name={['owner']}>
        {({ owner }: Partial<FormValues>) =>
          owner === 'agency' ? (
            <ProForm.Item name="agencyId" label={t('openClient.agency')} rules={[required]}>
              <AgencySelect label={t('openClient.agency')} />
            </ProForm.Item>
          ) : null
        }
      </ProFormDependency>
    </Dialog>
  );
}
