import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Flex, Table, Tag } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useSession } from '@/features/auth';
import { useT } from '../messages';
import { endMySessions, listSignIns, type SignIn } from './api';

type Row = SignIn & { key: number };

/** 退出所有设备: ends every session of the user, then this browser signs in afresh. */
function EndEverywhere() {
  const t = useT();
  const { modal } = App.useApp();
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const ask = () =>
    modal.confirm({
      title: t('common.hint'),
      content: t('center.everywhere.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await endMySessions();
        await logout(); // this session is over already: only the browser's copy is left to clear
        navigate('/login', { replace: true });
      },
    });
  return (
    <Button danger icon={<LogoutOutlined />} onClick={ask}>
      {t('center.everywhere')}
    </Button>
  );
}

/** 最近登录: the user's last sign-ins (failed ones too), newest first; and 退出所有设备. */
export function SignInList() {
  const t = useT();
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    let live = true;
    listSignIns()
      .then((page) => live && setRows(page.content.map((r, key) => ({ ...r, key }))))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <EndEverywhere />
      </Flex>
      <Table<Row>
        className="monomer-center-signins"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        columns={[
          { title: t('center.signIn.time'), dataIndex: 'time', width: 170 },
          { title: t('center.signIn.ip'), dataIndex: 'ip', width: 140 },
          { title: t('center.signIn.browser'), dataIndex: 'browser' },
          {
            title: t('center.signIn.result'),
            dataIndex: 'success',
            width: 80,
            render: (ok: boolean) => <Tag color={ok ? 'success' : 'error'}>{t(ok ? 'center.signIn.ok' : 'center.signIn.fail')}</Tag>,
          },
        ]}
      />
    </Flex>
  );
}
