import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Badge, Button } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useSession } from '@/features/auth';
import { taskCount } from '@/features/workflow/api.flow';
import { useTaskRevision } from '@/features/workflow/taskRevision';
import { useT } from '@/features/workflow/messages.badge';

/**
 * 待办: the signed-in staff member's pending approvals (GET /api/workflow/tasks/count), read again on
 * every navigation and after every workflow action (docs/workflow.md); a click opens 我的待办. Channel operators have no workflow.
 */
export function TodoBadge() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const channel = useSession((s) => s.user?.kind === 'channel');
  const revision = useTaskRevision((s) => s.revision);
  const [todo, setTodo] = useState(0);
  useEffect(() => {
    if (channel) return;
    let live = true;
    taskCount()
      .then((c) => live && setTodo(c.todo))
      .catch(() => undefined); // a count that failed keeps the last one; nothing to tell
    return () => {
      live = false;
    };
  }, [channel, pathname, search, revision]);
  if (channel) return null;
  return (
    <Button type="text" aria-label={`${t('wf.badge.todo')} ${todo}`} title={t('wf.badge.todo')} onClick={() => navigate('/workflow/tasks?box=todo')}>
      <Badge count={todo} size="small" offset={[6, -2]} data-testid="todo-badge">
        <AuditOutlined />
      </Badge>
    </Button>
  );
}
