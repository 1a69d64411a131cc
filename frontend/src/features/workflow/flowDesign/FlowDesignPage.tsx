import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isAxiosError } from 'axios';
import { failureOf } from '@/shared/api';
import { Alert, App, Button, Card, Result, Space, Spin } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { Branch, FlowNode, FormDetail, Problem } from '../types.flow';
import { getForm, publishForm, saveDraft } from '../api.flow';
import { useT } from '../messages.flow';
import { branchLabel, nodeLabel } from '../flowNodes';
import { FlowCanvas } from './FlowCanvas';
import { NodeDrawer } from './NodeDrawer';
import { addBranch, findNode, insertAt, moveBranch, newNode, removeBranch, removeNode, startNode, updateBranch, updateNode, validate } from './tree';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5];

/** The server's publish check: 400 `{ message, problems: [{ nodeId, message }] }` (docs/workflow.md). */
export function problemsOf(err: unknown): { message: string; problems: Problem[] } | undefined {
  if (!isAxiosError(err) || err.response?.status !== 400) return undefined;
  const body = err.response.data as { message?: unknown; problems?: unknown };
  const problems = Array.isArray(body?.problems)
    ? body.problems.filter((p): p is Problem => !!p && typeof p === 'object' && typeof (p as Problem).nodeId === 'string')
    : [];
  return { message: typeof body?.message === 'string' ? body.message : '', problems };
}

/** 流程绘制 /flowDesign/:id: the form's draft flow as a DingTalk tree; 保存 the draft, 发布 a version. */
export default function FlowDesignPage() {
  const t = useT();
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const [form, setForm] = useState<FormDetail | null | undefined>(undefined);
  const [root, setRoot] = useState<FlowNode>(startNode);
  const [open, setOpen] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [zoom, setZoom] = useState(2);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getForm(id)
      .then((f) => {
        if (!live) return;
        setForm(f);
        setRoot(f.draft?.flow ?? f.published?.flow ?? startNode());
      })
      .catch(() => live && setForm(null)); // the request client has told the user
    return () => {
      live = false;
    };
  }, [id]);

  // an edited node's complaints are gone until the next check
  const edit = useCallback((next: FlowNode, touched?: string) => {
    setRoot(next);
    if (touched) setProblems((ps) => ps.filter((p) => p.nodeId !== touched));
  }, []);

  if (form === undefined) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (form === null || !Number.isFinite(id)) return <Result status="404" title={t('wf.design.noForm')} />;

  const schema = form.draft?.schema ?? form.published?.schema ?? { fields: [] };
  const fields = schema.fields;

  const save = async () => {
    await saveDraft({ id, name: form.name, icon: form.icon, group: form.group, schema, flow: root });
  };
  const onSave = async () => {
    setBusy(true);
    try {
      await save();
      void message.success(t('wf.design.saved'));
    } finally {
      setBusy(false);
    }
  };
  const onPublish = async () => {
    const local = validate(root, fields);
    setProblems(local);
    if (local.length) {
      void message.error(t('wf.design.problems', { n: local.length }));
      return;
    }
    setBusy(true);
    try {
      await save();
      const { version, unchanged } = await publishForm(id);
      if (unchanged) void message.info(t('wf.design.unchanged', { v: version }));
      else void message.success(t('wf.design.published', { v: version }));
    } catch (err) {
      const bad = problemsOf(err);
      // the request was silent: another answer (409 表单已被他人发布) is told here
      const said = failureOf(err)?.message;
      if (!bad && said) {
        void message.error(said);
        return;
      }
      if (!bad) throw err;
      setProblems(bad.problems);
      void message.error(bad.message || t('wf.design.problems', { n: bad.problems.length }));
    } finally {
      setBusy(false);
    }
  };

  const found = open ? findNode(root, open) : undefined;
  const label = (nodeId: string) => {
    const f = findNode(root, nodeId);
    if (!f) return nodeId;
    return f.kind === 'branch' ? branchLabel(f.branch, t) : nodeLabel(f.node, t);
  };

  return (
    <Card
      title={`${t('route.flowDesign')} · ${form.name}`}
      extra={
        <Space>
          <Button icon={<ZoomOutOutlined />} aria-label={t('wf.design.zoomOut')} disabled={zoom === 0} onClick={() => setZoom((z) => z - 1)} />
          <span>{`${Math.round(ZOOMS[zoom] * 100)}%`}</span>
          <Button icon={<ZoomInOutlined />} aria-label={t('wf.design.zoomIn')} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom((z) => z + 1)} />
          <Button loading={busy} onClick={() => void onSave()}>
            {t('wf.design.save')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void onPublish()}>
            {t('wf.design.publish')}
          </Button>
        </Space>
      }
      styles={{ body: { padding: 0 } }}
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ margin: 12 }}
          message={t('wf.design.problems', { n: problems.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }} aria-label={t('wf.design.problems', { n: problems.length })}>
              {problems.map((p, i) => (
                <li key={i}>
                  <a onClick={() => setOpen(p.nodeId)}>{label(p.nodeId)}</a>
                  {`：${p.message}`}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <FlowCanvas
        root={root}
        fields={fields}
        problems={problems}
        zoom={ZOOMS[zoom]}
        edits={{
          onAdd: (slot, type) => edit(insertAt(root, slot, newNode(root, type)), slot),
          onOpen: setOpen,
          onDelete: (nodeId) => edit(removeNode(root, nodeId), nodeId),
          onAddBranch: (routeId) => edit(addBranch(root, routeId), routeId),
          onMoveBranch: (routeId, branchId, by) => edit(moveBranch(root, routeId, branchId, by), routeId),
          onRemoveBranch: (routeId, branchId) => edit(removeBranch(root, routeId, branchId), routeId),
        }}
      />
      <NodeDrawer
        found={found}
        fields={fields}
        onClose={() => setOpen(null)}
        onNode={(n) => edit(updateNode(root, n.id, () => n), n.id)}
        onBranch={(b: Branch) => edit(updateBranch(root, b.id, () => b), b.id)}
      />
    </Card>
  );
}
