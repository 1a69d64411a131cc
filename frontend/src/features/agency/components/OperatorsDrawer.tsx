import { useCallback, useEffect, useState } from 'react';
import { App, Button, Drawer, Space, Table, Tag } from 'antd';
import { Permission } from '@/features/auth';
import { LIMITS } from '@/shared/api';
import { Perm } from '@/shared/api/permissions';
import { mobileRules, placeholder } from '@/shared/lib/rules';
import { Dialog, ProFormText } from '@/shared/ui/form';
import { createOperator, listOperators, resetOperatorPassword, setOperatorEnabled, type AgencyRow, type OperatorInput, type OperatorRow } from '../api';
import { useT } from '../messages';
import { DATE_CELL } from '@/shared/ui/dateCell';

const passwordRules = (t: ReturnType<typeof useT>) => [
  { required: true, message: t('v.required') },
  { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('v.length', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }) },
];

/** An agency's operator accounts (a drawer on its row): list, 新增, 启用/停用, 重置密码 — agency:edit. */
export default function OperatorsDrawer({ agency, onClose }: { agency: AgencyRow | null; onClose: () => void }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<OperatorRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<OperatorRow | null>(null);
  const id = agency?.id;

  const load = useCallback(async () => {
    if (!id) return;
    setLoading(true);
    try {
      setRows(await listOperators(id));
    } finally {
      setLoading(false);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const toggle = (op: OperatorRow) => {
    if (!id) return;
    const run = async () => {
      await setOperatorEnabled(id, op.id, !op.enabled);
      void message.success(t('sys.saved'));
      await load();
    };
    if (!op.enabled) return void run();
    modal.confirm({
      title: t('common.hint'),
      content: t('agency.op.disable.confirm', { name: op.username }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: run,
    });
  };

  return (
    <Drawer
      title={agency ? t('agency.operators.of', { name: agency.name }) : ''}
      open={agency !== null}
      onClose={onClose}
      width={720}
      destroyOnHidden
      extra={
        <Permission roles={[Perm.AgencyEdit]}>
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('agency.op.add')}
          </Button>
        </Permission>
      }
    >
      <Table<OperatorRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        aria-label={t('agency.operators')}
        columns={[
          { title: t('agency.op.username'), dataIndex: 'username' },
          { title: t('agency.op.nickName'), dataIndex: 'nickName' },
          { title: t('agency.op.phone'), dataIndex: 'phone' },
          {
            title: t('agency.status'),
            dataIndex: 'enabled',
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('agency.status.on') : t('agency.status.off')}</Tag>,
          },
          { className: DATE_CELL, title: t('agency.createTime'), dataIndex: 'createTime', width: 160 },
          {
            title: t('sys.actions'),
            key: 'actions',
            render: (_, op) => (
              <Permission roles={[Perm.AgencyEdit]}>
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => toggle(op)}>
                    {op.enabled ? t('agency.op.disable') : t('agency.op.enable')}
                  </Button>
                  <Button size="small" type="link" onClick={() => setResetting(op)}>
                    {t('agency.op.reset')}
                  </Button>
                </Space>
              </Permission>
            ),
          },
        ]}
      />
      <Dialog<OperatorInput>
        title={t('agency.op.add')}
        open={adding}
        columns={1}
        width={480}
        modalProps={{ onCancel: () => setAdding(false) }}
        onFinish={async (v) => {
          if (!id) return false;
          await createOperator(id, v);
          void message.success(t('sys.created'));
          setAdding(false);
          await load();
          return true;
        }}
      >
        <ProFormText name="username" label={t('agency.op.username')} placeholder={placeholder(t('agency.op.username'), 'text')} rules={[{ required: true, message: t('v.required') }]} fieldProps={{ maxLength: LIMITS.usernameMax }} />
        <ProFormText name="nickName" label={t('agency.op.nickName')} placeholder={placeholder(t('agency.op.nickName'), 'text')} rules={[{ required: true, message: t('v.required') }]} fieldProps={{ maxLength: LIMITS.nickNameMax }} />
        <ProFormText name="phone" label={t('agency.op.phone')} placeholder={placeholder(t('agency.op.phone'), 'text')} rules={mobileRules()} fieldProps={{ maxLength: 11 }} />
        <ProFormText.Password name="password" label={t('agency.op.password')} placeholder={placeholder(t('agency.op.password'), 'password')} rules={passwordRules(t)} fieldProps={{ autoComplete: 'new-password' }} />
      </Dialog>
      <Dialog<{ password: string }>
        title={`${t('agency.op.reset')}: ${resetting?.username ?? ''}`}
        open={resetting !== null}
        columns={1}
        width={420}
        modalProps={{ onCancel: () => setResetting(null) }}
        onFinish={async (v) => {
          if (id && resetting) await resetOperatorPassword(id, resetting.id, v.password);
          void message.success(t('agency.op.reset.done'));
          setResetting(null);
          return true;
        }}
      >
        <ProFormText.Password name="password" label={t('agency.op.password')} placeholder={placeholder(t('agency.op.password'), 'password')} rules={passwordRules(t)} fieldProps={{ autoComplete: 'new-password' }} />
      </Dialog>
    </Drawer>
  );
}
