import { App, Button, Card, Form, Typography } from 'antd';
import { Perm } from '@/shared/api/permissions';
import { useCan } from '@/shared/lib/access';
import { ProForm, ProFormDigit, submitForm } from '@/shared/ui/form';
import { getOrderSettings, saveOrderSettings, type OrderSettings } from './api';
import { useT } from './settingsMessages';

/** Each rule's bounds (the BFF's: order.Settings.Check) and its unit. */
export const RULES = [
  { name: 'unpaidCloseMinutes', min: 5, max: 10080, unit: 'order.setting.minutes' },
  { name: 'completeAfterDays', min: 1, max: 365, unit: 'order.setting.days' },
  { name: 'afterSaleDays', min: 0, max: 365, unit: 'order.setting.days' },
  { name: 'lowStockDefault', min: 0, max: 999999, unit: 'order.setting.pieces' },
  { name: 'shipmentFixHours', min: 1, max: 720, unit: 'order.setting.hours' },
] as const;

/**
 * 订单设置: the shop's order rules. A change applies to orders from then on (each order keeps
 * the deadlines it was given), which the page says above the fields.
 */
export default function SettingsPage() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<OrderSettings>();
  const canSave = useCan([Perm.OrderSetting]);

  return (
    <Card title={t('order.setting.title')}>
      <Typography.Paragraph type="secondary">{t('order.setting.help')}</Typography.Paragraph>
      <ProForm<OrderSettings>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        wrapperCol={{ flex: '420px' }}
        disabled={!canSave}
        request={() => getOrderSettings()}
        submitter={{
          render: () =>
            canSave ? (
              <Form.Item label=" " colon={false}>
                <Button type="primary" htmlType="submit">
                  {t('order.setting.save')}
                </Button>
              </Form.Item>
            ) : null,
        }}
        onFinish={async (values) => {
          const saved = await submitForm(form, () => saveOrderSettings(values));
          if (saved === false) return false;
          message.success(t('order.setting.saved'));
          return true;
        }}
      >
        {RULES.map((r) => (
          <ProFormDigit
            key={r.name}
            name={r.name}
            label={t(`order.setting.${r.name}`)}
            extra={t(`order.setting.${r.name}.extra`)}
            rules={[
              { required: true, message: t('order.setting.range', { min: r.min, max: r.max }) },
              {
                type: 'number',
                min: r.min,
                max: r.max,
                message: t('order.setting.range', { min: r.min, max: r.max }),
              },
            ]}
            fieldProps={{ precision: 0, addonAfter: t(r.unit), style: { width: '100%' } }}
          />
        ))}
      </ProForm>
    </Card>
  );
}
