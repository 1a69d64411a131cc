import { useEffect, useState } from 'react';
import { Table, Tag } from 'antd';
import { useT } from '../messages';
import { listSignIns, type SignIn } from './api';

type Row = SignIn & { key: number };

/** 最近登录: the user's last sign-ins (failed ones too), newest first. */
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
  );
}
