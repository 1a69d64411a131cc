import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Card, Space } from 'antd';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { useT } from './messages';
import { leaveBalance } from './api';
import { LeaveForm } from './LeaveForm';
import { MyLeaves, type MyLeavesHandle } from './MyLeaves';

/**
 * /applyForm and /startBatch: the leave request above, the applications made below. On
 * /startBatch the balance is not shown (X): each applicant's is checked by the server.
 */
export function LeavePage({ batch = false }: { batch?: boolean }) {
  const t = useT();
  const list = useRef<MyLeavesHandle>(null);
  const mayBatch = usePermission([Perm.LeaveBatch]);
  const [remaining, setRemaining] = useState<number | null>();
  const loadBalance = useCallback(() => {
    if (batch) return;
    leaveBalance()
      .then((b) => setRemaining(b.remainingDays))
      .catch(() => undefined); // the request client has told the user
  }, [batch]);
  useEffect(loadBalance, [loadBalance]);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t(batch ? 'route.startBatch' : 'wf.leave.title')}>
        {batch && !mayBatch ? (
          <Alert type="warning" showIcon message={t('wf.leave.noBatch')} />
        ) : (
          <LeaveForm
            batch={batch}
            remaining={remaining}
            onSubmitted={() => {
              loadBalance();
              list.current?.reload();
            }}
          />
        )}
      </Card>
      <MyLeaves ref={list} />
    </Space>
  );
}
