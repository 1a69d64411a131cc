import { App } from 'antd';
import { Dialog, ProFormText, ProFormTextArea, TEXTAREA_ROWS } from '@/shared/ui/form';
import { adjustStatement, type StatementRow } from '../api';
import { useT } from '../messages';

interface AdjustForm {
  amount: string;
  reason: string;
}

export interface AdjustDialogProps {
  /** The statement adjusted; null: closed. */
  row: StatementRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** 调整: a signed amount in yuan and its reason, added as a line (a frozen statement is never edited). */
export default function AdjustDialog({ row, onClose, onDone }: AdjustDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Dialog<AdjustForm>
      key={row?.id ?? 'closed'}
      columns={1}
      width={480}
      title={row ? `${t('statement.adjust.title')}：${row.agencyName} ${row.month}` : ''}
      open={row !== null}
      modalProps={{ onCancel: onClose }}
      onFinish={async (v) => {
        if (!row) return true;
        await adjustStatement(row.id, v.amount.trim(), v.reason.trim());
        void message.success(t('statement.adjust.done'));
        onDone();
        return true;
      }}
    >
      <ProFormText
        name="amount"
        label={t('statement.adjust.amount')}
        fieldProps={{ 'aria-label': t('statement.adjust.amount'), placeholder: '-12.34' }}
        rules={[{ required: true, message: t('v.required') }]}
      />
      <ProFormTextArea
        name="reason"
        label={t('statement.adjust.reason')}
        fieldProps={{ rows: TEXTAREA_ROWS, maxLength: 200, 'aria-label': t('statement.adjust.reason') }}
        rules={[{ required: true, whitespace: true, message: t('v.required') }]}
      />
    </Dialog>
  );
}
