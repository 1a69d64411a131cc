import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Popover, Space, Tooltip, theme } from 'antd';
import { BranchesOutlined, CloseOutlined, LeftOutlined, PlusOutlined, RightOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import type { AddableType, Branch, FlowNode, FormField, Problem, RouteNode } from '../types.flow';
import { useT } from '../messages.flow';
import { NODE_TITLES, branchLabel, nodeLabel } from '../flowNodes';
import { FLOW_CSS, flowThemeVars } from './flowCss';
import { branchSummary, nodeSummary } from './summary';

/** What the designer does on the tree; absent (read-only) on /flowDetail. */
export interface CanvasEdits {
  onAdd: (slot: string, type: AddableType) => void;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
  onAddBranch: (routeId: string) => void;
  onMoveBranch: (routeId: string, branchId: string, by: -1 | 1) => void;
  onRemoveBranch: (routeId: string, branchId: string) => void;
}

export interface FlowCanvasProps {
  root: FlowNode;
  fields: FormField[];
  edits?: CanvasEdits;
  problems?: Problem[];
  passed?: string[];
  current?: string[];
  zoom?: number;
  style?: CSSProperties;
}

interface Ctx {
  fields: FormField[];
  edits?: CanvasEdits;
  problems: Map<string, string[]>;
  passed: Set<string>;
  current: Set<string>;
}

function cardClass(ctx: Ctx, id: string): string {
  const out = ['wf-card'];
  if (!ctx.edits) out.push('wf-readonly');
  if (ctx.problems.has(id)) out.push('wf-bad');
  else if (ctx.current.has(id)) out.push('wf-current');
  else if (ctx.passed.has(id)) out.push('wf-passed');
  return out.join(' ');
}

/** A "+" between two nodes: a popover to add 审批人 / 抄送人 / 条件分支 there. */
function AddSlot({ ctx, slot }: { ctx: Ctx; slot: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!ctx.edits) return <div className="wf-add" />;
  const add = (type: AddableType) => {
    setOpen(false);
    ctx.edits?.onAdd(slot, type);
  };
  const menu = (
    <Space>
      <Button icon={<UserOutlined style={{ color: '#ff943e' }} />} onClick={() => add('approver')}>
        {t('wf.node.approver')}
      </Button>
      <Button icon={<SendOutlined style={{ color: '#3296fa' }} />} onClick={() => add('cc')}>
        {t('wf.node.cc')}
      </Button>
      <Button icon={<BranchesOutlined style={{ color: '#15bc83' }} />} onClick={() => add('route')}>
        {t('wf.node.route')}
      </Button>
    </Space>
  );
  return (
    <div className="wf-add">
      <Popover content={menu} trigger="click" open={open} onOpenChange={setOpen} placement="right">
        <Button type="primary" shape="circle" size="small" icon={<PlusOutlined />} aria-label={t('wf.node.add')} data-slot={slot} />
      </Popover>
    </div>
  );
}

function Problems({ ctx, id }: { ctx: Ctx; id: string }) {
  const list = ctx.problems.get(id);
  return list ? (
    <div className="wf-card-problem" role="alert">
      {list.join('；')}
    </div>
  ) : null;
}

function NodeCard({ ctx, node }: { ctx: Ctx; node: FlowNode }) {
  const t = useT();
  const summary = nodeSummary(node, t);
  return (
    <div
      className={cardClass(ctx, node.id)}
      data-node={node.id}
      role={ctx.edits ? 'button' : undefined}
      tabIndex={ctx.edits ? 0 : undefined}
      onClick={() => ctx.edits?.onOpen(node.id)}
      onKeyDown={(e) => e.key === 'Enter' && ctx.edits?.onOpen(node.id)}
    >
      <div className={`wf-card-title wf-t-${node.type}`}>
        <span className="wf-title-text">{nodeLabel(node, t)}</span>
        {ctx.edits && node.type !== 'start' && (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('wf.node.delete')}
            onClick={(e) => {
              e.stopPropagation();
              ctx.edits?.onDelete(node.id);
            }}
          />
        )}
      </div>
      <div className="wf-card-body">{summary || <span className="wf-unset">{`${t('wf.node.unset')}${t(NODE_TITLES[node.type])}`}</span>}</div>
      <Problems ctx={ctx} id={node.id} />
    </div>
  );
}

function BranchCard({ ctx, route, branch, index }: { ctx: Ctx; route: RouteNode; branch: Branch; index: number }) {
  const t = useT();
  const edits = ctx.edits;
  const movable = route.branches.filter((b) => !b.default).length;
  const summary = branchSummary(branch, ctx.fields, t);
  const stop = (run: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    run();
  };
  return (
    <div
      className={cardClass(ctx, branch.id)}
      data-node={branch.id}
      role={edits ? 'button' : undefined}
      tabIndex={edits ? 0 : undefined}
      onClick={() => edits?.onOpen(branch.id)}
      onKeyDown={(e) => e.key === 'Enter' && edits?.onOpen(branch.id)}
    >
      <div className="wf-card-title wf-t-branch">
        {edits && !branch.default && index > 0 && (
          <Tooltip title={t('wf.branch.left')}>
            <Button type="text" size="small" icon={<LeftOutlined />} aria-label={t('wf.branch.left')} onClick={stop(() => edits.onMoveBranch(route.id, branch.id, -1))} />
          </Tooltip>
        )}
        <span className="wf-title-text">{branchLabel(branch, t)}</span>
        <span className="wf-prio">{branch.default ? t('wf.branch.default') : t('wf.branch.priority', { n: branch.priority })}</span>
        {edits && !branch.default && index < movable - 1 && (
          <Tooltip title={t('wf.branch.right')}>
            <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('wf.branch.right')} onClick={stop(() => edits.onMoveBranch(route.id, branch.id, 1))} />
          </Tooltip>
        )}
        {edits && !branch.default && (
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('wf.branch.delete')} onClick={stop(() => edits.onRemoveBranch(route.id, branch.id))} />
        )}
      </div>
      <div className="wf-card-body">{summary || <span className="wf-unset">{t('wf.branch.none')}</span>}</div>
      <Problems ctx={ctx} id={branch.id} />
    </div>
  );
}

function Route({ ctx, node }: { ctx: Ctx; node: RouteNode }) {
  const t = useT();
  return (
    <div className={`wf-route${ctx.problems.has(node.id) ? ' wf-route-bad' : ''}`} data-node={node.id}>
      {ctx.edits ? (
        <Button className="wf-route-add" size="small" shape="round" onClick={() => ctx.edits?.onAddBranch(node.id)} danger={ctx.problems.has(node.id)}>
          {t('wf.branch.add')}
        </Button>
      ) : null}
      {ctx.problems.has(node.id) && <Problems ctx={ctx} id={node.id} />}
      <div className="wf-branches">
        {node.branches.map((b, i) => (
          <div className="wf-branch" key={b.id}>
            <div className="wf-line-top" />
            <BranchCard ctx={ctx} route={node} branch={b} index={i} />
            <AddSlot ctx={ctx} slot={b.id} />
            <Chain ctx={ctx} node={b.next} />
            <div className="wf-line-bottom" />
          </div>
        ))}
      </div>
    </div>
  );
}

function Chain({ ctx, node }: { ctx: Ctx; node: FlowNode | null }): ReactNode {
  const items: ReactNode[] = [];
  for (let n = node; n; n = n.next) {
    items.push(n.type === 'route' ? <Route key={n.id} ctx={ctx} node={n} /> : <NodeCard key={n.id} ctx={ctx} node={n} />);
    items.push(<AddSlot key={`add-${n.id}`} ctx={ctx} slot={n.id} />);
  }
  return <div className="wf-chain">{items}</div>;
}

/** The flow drawn as a DingTalk tree: editable in the designer, read-only with passed/current marks on /flowDetail. */
export function FlowCanvas({ root, fields, edits, problems = [], passed = [], current = [], zoom = 1, style }: FlowCanvasProps) {
  const t = useT();
  const byNode = new Map<string, string[]>();
  for (const p of problems) byNode.set(p.nodeId, [...(byNode.get(p.nodeId) ?? []), p.message]);
  const ctx: Ctx = { fields, edits, problems: byNode, passed: new Set(passed), current: new Set(current) };
  const { token } = theme.useToken();
  return (
    <div className="wf-canvas" style={{ ...flowThemeVars(token), ...style } as CSSProperties}>
      <style>{FLOW_CSS}</style>
      <div className="wf-zoom" style={{ transform: zoom === 1 ? undefined : `scale(${zoom})` }}>
        <Chain ctx={ctx} node={root} />
        <div className="wf-end">{t('wf.node.end')}</div>
      </div>
    </div>
  );
}
