import { Drawer, Form, Input, Radio, Select, Space } from 'antd';
import type { ApproverNode, ApproverProps, Branch, CcNode, FlowNode, FormField, StartNode } from '../types.flow';
import { useT } from '../messages.flow';
import { branchLabel, nodeLabel } from '../flowNodes';
import { ConditionEditor } from './ConditionEditor';
import { FieldPermsTable } from './FieldPermsTable';
import { RolesSelect, UsersPicker } from './RefPickers';
import type { Found } from './tree';

interface Props {
  found: Found | undefined;
  fields: FormField[];
  onNode: (node: FlowNode) => void;
  onBranch: (branch: Branch) => void;
  onClose: () => void;
}

function ApproverSettings({ node, fields, onNode }: { node: ApproverNode; fields: FormField[]; onNode: (n: FlowNode) => void }) {
  const t = useT();
  const p = node.props;
  const set = (props: Partial<ApproverProps>) => onNode({ ...node, props: { ...p, ...props } });
  const assignee = (a: Partial<ApproverProps['assignee']>) => set({ assignee: { ...p.assignee, ...a } });
  const kinds = ['users', 'role', 'leader', 'self'] as const;
  return (
    <>
      <Form.Item label={t('wf.set.assignee')}>
        <Radio.Group
          aria-label={t('wf.set.assignee')}
          value={p.assignee.kind}
          onChange={(e) => assignee({ kind: e.target.value as ApproverProps['assignee']['kind'] })}
          options={kinds.map((k) => ({ value: k, label: t(`wf.set.kind.${k}`) }))}
        />
      </Form.Item>
      {p.assignee.kind === 'users' && (
        <Form.Item label={t('wf.set.users')}>
          <UsersPicker label={t('wf.set.users')} value={p.assignee.users} onChange={(users) => assignee({ users })} />
        </Form.Item>
      )}
      {p.assignee.kind === 'role' && (
        <Form.Item label={t('wf.set.roles')}>
          <RolesSelect label={t('wf.set.roles')} value={p.assignee.roles} onChange={(roles) => assignee({ roles })} />
        </Form.Item>
      )}
      {p.assignee.kind === 'leader' && (
        <Form.Item label={t('wf.set.levels')} extra={t('wf.set.levelsUp', { n: p.assignee.levels })}>
          <Select
            aria-label={t('wf.set.levels')}
            style={{ width: 160 }}
            value={p.assignee.levels}
            onChange={(levels: number) => assignee({ levels })}
            options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('wf.set.level', { n }) }))}
          />
        </Form.Item>
      )}
      <Form.Item label={t('wf.set.mode')}>
        <Radio.Group aria-label={t('wf.set.mode')} value={p.mode} onChange={(e) => set({ mode: e.target.value as ApproverProps['mode'] })}>
          <Space direction="vertical">
            {(['or', 'and', 'seq'] as const).map((m) => (
              <Radio key={m} value={m}>
                {t(`wf.set.mode.${m}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('wf.set.empty')}>
        <Radio.Group
          aria-label={t('wf.set.empty')}
          value={p.empty.action}
          onChange={(e) => set({ empty: { ...p.empty, action: e.target.value as 'pass' | 'admin' } })}
          options={[
            { value: 'pass', label: t('wf.set.empty.pass') },
            { value: 'admin', label: t('wf.set.empty.admin') },
          ]}
        />
      </Form.Item>
      {p.empty.action === 'admin' && (
        <Form.Item label={t('wf.set.admin')}>
          <UsersPicker
            single
            label={t('wf.set.admin')}
            value={p.empty.admin ? [p.empty.admin] : []}
            onChange={(refs) => set({ empty: { action: 'admin', admin: refs[0] ?? null } })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('wf.set.perms')}>
        <FieldPermsTable fields={fields} value={p.fieldPerms} fallback="read" onChange={(fieldPerms) => set({ fieldPerms })} />
      </Form.Item>
    </>
  );
}

function CcSettings({ node, fields, onNode }: { node: CcNode; fields: FormField[]; onNode: (n: FlowNode) => void }) {
  const t = useT();
  const p = node.props;
  return (
    <>
      <Form.Item label={t('wf.set.users')}>
        <UsersPicker label={t('wf.set.users')} value={p.users} onChange={(users) => onNode({ ...node, props: { ...p, users } })} />
      </Form.Item>
      <Form.Item label={t('wf.set.roles')}>
        <RolesSelect label={t('wf.set.roles')} value={p.roles} onChange={(roles) => onNode({ ...node, props: { ...p, roles } })} />
      </Form.Item>
      <Form.Item label={t('wf.set.perms')}>
        <FieldPermsTable
          fields={fields}
          value={p.fieldPerms}
          fallback="read"
          choices={['read', 'hidden']}
          onChange={(fieldPerms) => onNode({ ...node, props: { ...p, fieldPerms } })}
        />
      </Form.Item>
    </>
  );
}

function StartSettings({ node, fields, onNode }: { node: StartNode; fields: FormField[]; onNode: (n: FlowNode) => void }) {
  const t = useT();
  return (
    <Form.Item label={t('wf.set.perms')}>
      <FieldPermsTable fields={fields} value={node.props.fieldPerms} fallback="edit" onChange={(fieldPerms) => onNode({ ...node, props: { fieldPerms } })} />
    </Form.Item>
  );
}

/** The settings of the clicked node or branch; every change goes to the tree at once. */
export function NodeDrawer({ found, fields, onNode, onBranch, onClose }: Props) {
  const t = useT();
  const nameOf = found?.kind === 'branch' ? found.branch.name : found?.node.name;
  const rename = (name: string) => {
    if (found?.kind === 'branch') onBranch({ ...found.branch, name });
    else if (found) onNode({ ...found.node, name } as FlowNode);
  };
  const title = found?.kind === 'branch' ? t('wf.cond.title') : found ? t(`wf.node.${found.node.type}`) : '';
  return (
    <Drawer title={title} open={!!found} onClose={onClose} width={560} destroyOnHidden>
      {found && (
        <Form layout="vertical">
          {!(found.kind === 'node' && found.node.type === 'start') && (
            <Form.Item label={t('wf.set.name')}>
              <Input
                aria-label={t('wf.set.name')}
                maxLength={30}
                value={nameOf}
                // an empty name is shown as this title
                placeholder={found.kind === 'branch' ? branchLabel({ ...found.branch, name: '' }, t) : nodeLabel({ type: found.node.type }, t)}
                onChange={(e) => rename(e.target.value)}
              />
            </Form.Item>
          )}
          {found.kind === 'node' && found.node.type === 'approver' && <ApproverSettings node={found.node} fields={fields} onNode={onNode} />}
          {found.kind === 'node' && found.node.type === 'cc' && <CcSettings node={found.node} fields={fields} onNode={onNode} />}
          {found.kind === 'node' && found.node.type === 'start' && <StartSettings node={found.node} fields={fields} onNode={onNode} />}
          {found.kind === 'branch' &&
            (found.branch.default ? (
              <div style={{ color: '#999' }}>{t('wf.branch.defaultHint')}</div>
            ) : (
              <ConditionEditor fields={fields} value={found.branch.conditions} onChange={(conditions) => onBranch({ ...found.branch, conditions })} />
            ))}
        </Form>
      )}
    </Drawer>
  );
}
