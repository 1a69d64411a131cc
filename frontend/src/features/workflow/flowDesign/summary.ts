import type { Branch, Condition, FlowNode, FormField } from '../types.flow';
import { translate } from '../messages.flow';
import { useLanguage } from '@/shared/lib/i18n';

type T = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => string;

const tNow: T = (key, vars) => translate(useLanguage.getState().language, key, vars);

const names = (refs: Array<{ name: string }>) => refs.map((r) => r.name).join('、');

/** What a node's card says under its title; '' when it is not set yet (the card then asks for it). */
export function nodeSummary(node: FlowNode, t: T = tNow): string {
  if (node.type === 'start') return t('wf.node.everyone');
  if (node.type === 'cc') return names([...node.props.users, ...node.props.roles]);
  if (node.type === 'route') return '';
  const { assignee, mode } = node.props;
  const who =
    assignee.kind === 'users'
      ? names(assignee.users)
      : assignee.kind === 'role'
        ? names(assignee.roles)
        : assignee.kind === 'leader'
          ? t('wf.set.level', { n: assignee.levels })
          : t('wf.set.kind.self');
  if (!who) return '';
  const several = assignee.kind !== 'users' || assignee.users.length > 1;
  return several ? `${who} · ${t(`wf.set.mode.${mode}`).replace(/（.*$|\s*\(.*$/, '')}` : who;
}

function conditionText(c: Condition, fields: FormField[], t: T): string {
  if (c.kind === 'dept') return `${t('wf.cond.dept')} ${t('wf.cond.in')} ${names(c.depts)}`;
  const field = fields.find((f) => f.key === c.field);
  // a leave range compares by its days, as the server counts them
  const label = field?.type === 'leaveRange' ? t('wf.cond.days', { label: field.label }) : (field?.label ?? c.field);
  if (c.op === 'in') {
    const options = field?.options ?? [];
    const shown = c.value.map((v) => options.find((o) => o.value === v)?.label ?? v);
    return `${label} ${t('wf.cond.in')} ${shown.join('、')}`;
  }
  return `${label} ${t(`wf.op.${c.op}`)} ${c.value}`;
}

/** What a branch's card says: its conditions joined by 且, or the default's hint. */
export function branchSummary(branch: Branch, fields: FormField[], t: T = tNow): string {
  if (branch.default) return t('wf.branch.defaultHint');
  return branch.conditions.map((c) => conditionText(c, fields, t)).join(' 且 ');
}
