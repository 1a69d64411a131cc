import { App } from 'antd';
import type { Rule } from 'antd/es/form';
import { isYuan, toYuanText } from '@/shared/lib/money';
import { PICKER } from '@/shared/lib/time';
import { Dialog, TEXTAREA_ROWS, ProFormDateRangePicker, ProFormDigit, ProFormText, ProFormTextArea } from '@/shared/ui/form';
import { createContract, updateContract, type ContractRow } from '../api';
import { useT } from '../messages';
import { placeholder } from '@/shared/lib/rules';

interface FormValues {
  name: string;
  agencyId: number;
  templateId?: number;
  term: [string, string];
  amount: string;
  remark?: string;
}

export interface ContractDialogProps {
  editing: ContractRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The create/edit dialog of 合同管理: a draft's terms (money as yuan text, checked here and by the BFF). */
export default function ContractDialog({ editing, onClose, onSaved }: ContractDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  const row = editing && editing !== 'new' ? editing : null;
  const required: Rule = { required: true, message: t('v.required') };
  const moneyRule: Rule = {
    validator: (_, v: unknown) => (v === undefined || v === '' || isYuan(String(v)) ? Promise.resolve() : Promise.reject(new Error(t('contract.money')))),
  };
  const initial: Partial<FormValues> = row
    ? {
        name: row.name,
        agencyId: row.agencyId,
        templateId: row.templateId ?? undefined,
        term: [row.startDate, row.endDate],
        amount: row.amount,
        remark: row.remark,
      }
    : { amount: '0.00' };
  return (
    <Dialog<FormValues>
      title={row ? t('sys.edit') : t('sys.add')}
      open={editing !== null}
      width={640}
      initialValues={initial}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        const body = {
          id: row?.id,
          name: v.name,
          agencyId: Number(v.agencyId),
          templateId: v.templateId ? Number(v.templateId) : undefined,
          startDate: v.term[0],
          endDate: v.term[1],
          amount: toYuanText(String(v.amount ?? '0')),
          remark: v.remark ?? '',
        };
        if (row) await updateContract(body);
        else await createContract(body);
        void message.success(row ? t('sys.saved') : t('sys.created'));
        onSaved();
        return true;
      }}
    >
      <ProFormText name="name" label={t('contract.name')} rules={[required]} fieldProps={{ placeholder: placeholder(t('contract.name'), 'text'), maxLength: 128 }} />
      <ProFormDigit name="agencyId" label={t('contract.agencyId')} rules={[required]} min={1} fieldProps={{ placeholder: placeholder(t('contract.agencyId'), 'number'), precision: 0 }} />
      <ProFormDateRangePicker
        name="term"
        label={t('contract.term')}
        rules={[required]}
        fieldProps={{ format: PICKER.date, 'aria-label': t('contract.term') }}
        transform={undefined}
        dataFormat="YYYY-MM-DD"
      />
      <ProFormText name="amount" label={t('contract.amount')} rules={[required, moneyRule]} validateTrigger="onBlur" fieldProps={{ placeholder: placeholder(t('contract.amount'), 'text'), prefix: '¥', inputMode: 'decimal' }} />
      <ProFormDigit name="templateId" label={t('contract.template')} min={1} fieldProps={{ placeholder: placeholder(t('contract.template'), 'number'), precision: 0 }} />
      <ProFormTextArea name="remark" label={t('contract.remark')} fieldProps={{ placeholder: placeholder(t('contract.remark'), 'textarea'), maxLength: 255, rows: TEXTAREA_ROWS }} />
    </Dialog>
  );
}
