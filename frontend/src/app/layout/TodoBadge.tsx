import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Badge, Button } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useSession } from '@/features/auth';
import { useNotify } from '@/features/notify/store';
import { taskCount } from '@/features/workflow/api.flow';
import { useTaskRevision } from '@/features/workflow/taskRevision';
import { useT } from '@/features/workflow/messages.badge';

/**
 * 待办: the signed-in staff member's pending approvals (GET /api/workflow/tasks/count), read on
 * mount and after every workflow action (docs/workflow.md); while the message stream is open it
 * tells the count (`todo` events) and navigation no longer reads it, while it is down every
 * navigation does. A click opens 我的待办. Channel operators have no workflow.
 */
export function TodoBadge() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const channel = useSession((s) => s.user?.kind === 'channel');
  const revision = useTaskRevision((s) => s.revision);
  const todo = useTaskRevision((s) => s.todo);
  const live = useNotify((s) => s.connection === 'open');
  const place = live ? '' : pathname + search;
  useEffect(() => {
    if (channel) return;
    let current = true;
    taskCount()
      .then((c) => current && useTaskRevision.getState().setTodo(c.todo))
      .catch(() => undefined); // a count that failed keeps the last one; nothing to tell
    return () => {
      current = false;
    };
  }, [channel, place, revision]);
  if (channel) return null;
  return (
    <Button type="text" aria-label={`${t('wf.badge.todo')} ${todo}`} title={t('wf.badge.todo')} onClick={() => navigate('/workflow/tasks?box=todo')}>
      <Badge count={todo} size="small" offset={[6, -2]} data-testid="todo-badge">
        <AuditOutlined />
      </Badge>
    </Button>
  );
}
