import { App, Form } from 'antd';
import { Dialog, ProFormText } from '@/shared/ui/form';
import { AgencySelect } from '@/shared/ui/picker';
import { generateStatement } from '../api';
import { useT } from '../messages';

interface GenerateForm {
  agencyId: number;
  month: string;
}

export interface GenerateDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** 生成: an agency's month not yet frozen made again as a draft (a frozen month is refused). */
export default function GenerateDialog({ open, onClose, onDone }: GenerateDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<GenerateForm>
      columns={1}
      width={480}
      title={t('statement.generate.title')}
      open={open}
      initialValues={{ month: thisMonth() }}
      modalProps={{ onCancel: onClose, destroyOnHidden: true }}
      onFinish={async (v) => {
        await generateStatement(Number(v.agencyId), v.month.trim());
        void message.success(t('statement.generate.done'));
        onDone();
        return true;
      }}
    >
      <Form.Item name="agencyId" label={t('statement.agency')} rules={[{ required: true, message: t('v.required') }]}>
        <AgencySelect label={t('statement.agency')} />
      </Form.Item>
      <ProFormText
        name="month"
        label={t('statement.month')}
        fieldProps={{ 'aria-label': t('statement.month'), placeholder: 'yyyy-MM' }}
        rules={[
          { required: true, message: t('v.required') },
          { pattern: /^\d{4}-(0[1-9]|1[0-2])$/, message: t('statement.monthFormat') },
        ]}
      />
    </Dialog>
  );
}
