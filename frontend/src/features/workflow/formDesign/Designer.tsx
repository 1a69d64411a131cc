import { useEffect, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Drawer, Form, Input, Row, Select, Space, Spin } from 'antd';
import { useT } from '../messages';
import { FormRenderer } from '../form';
import type { FieldType } from '../form/types';
import { createForm, getForm, publishForm, updateForm, type FlowNode } from '../formApi';
import { FORM_ICONS, FormIcon, DEFAULT_ICON } from '../formIcons';
import { nodeName } from '../flowNodes';
import { t as flowT } from '../messages.flow';
import { Palette, PALETTE_PREFIX } from './Palette';
import { Canvas, CANVAS_ID } from './Canvas';
import { PropsPanel } from './PropsPanel';
import { designErrors, type DesignErrors } from './problems';
import * as model from './model';

export interface DesignerProps {
  /** The form, or 'new'. */
  id: number | 'new';
  /** After the first save of a new form: its id, so the address names it. */
  onCreated: (id: number) => void;
  onBack: () => void;
}

interface Meta {
  name: string;
  icon: string;
  group: string;
}

/** The form designer: palette · canvas · property panel; 保存草稿, 发布 and 预览 above. */
export default function Designer({ id, onCreated, onBack }: DesignerProps) {
  const t = useT();
  const { message } = App.useApp();
  const [formId, setFormId] = useState<number | null>(id === 'new' ? null : id);
  const [loading, setLoading] = useState(id !== 'new');
  const [meta, setMeta] = useState<Meta>({ name: '', icon: DEFAULT_ICON, group: '' });
  const [items, setItems] = useState<model.Item[]>([]);
  const [flow, setFlow] = useState<FlowNode | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [errors, setErrors] = useState<DesignErrors | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [preview, setPreview] = useState(false);
  const sensors = useSensors(
    // a click on a palette entry or a field is not a drag: it must move 6px first
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // loaded once: after the first save of a new form the address names it, but what is on screen is newer
  const [initial] = useState(id);
  useEffect(() => {
    if (initial === 'new') return;
    let live = true;
    getForm(initial)
      .then((d) => {
        if (!live) return;
        const version = d.draft ?? d.published;
        setMeta({ name: d.name, icon: d.icon || DEFAULT_ICON, group: d.group });
        setItems(model.toItems(version?.schema.fields ?? []));
        setFlow(version?.flow ?? null);
      })
      .catch(() => undefined) // the request client has told the user
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [initial]);

  const add = (type: FieldType, index = items.length) => {
    const item = { uid: model.nextUid(), field: model.newField(type, items) };
    setItems(model.insertAt(items, item, index));
    setSelected(item.uid);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const activeId = String(active.id);
    if (!over) return;
    const overIndex = over.id === CANVAS_ID ? items.length : items.findIndex((i) => i.uid === over.id);
    if (activeId.startsWith(PALETTE_PREFIX)) {
      add(activeId.slice(PALETTE_PREFIX.length) as FieldType, overIndex < 0 ? items.length : overIndex);
      return;
    }
    const from = items.findIndex((i) => i.uid === activeId);
    setItems(model.move(items, from, Math.min(overIndex, items.length - 1)));
  };

  const keyProblems = model.keyProblems(items);
  const current = items.find((i) => i.uid === selected) ?? null;

  /** Saves the draft; the form's id, or null when it did not save (the reason is shown). */
  const save = async (): Promise<number | null> => {
    const problem = model.saveProblem(meta.name, items);
    if (problem) {
      void message.error(problem);
      return null;
    }
    const body = { name: meta.name.trim(), icon: meta.icon, group: meta.group.trim(), schema: { fields: model.toFields(items) }, flow };
    try {
      if (formId !== null) {
        await updateForm(formId, body);
        setErrors(null);
        return formId;
      }
      const created = await createForm(body);
      setFormId(created.id);
      onCreated(created.id);
      setErrors(null);
      return created.id;
    } catch (e) {
      setErrors(designErrors('save', e, items, (n) => nodeName(flow, n, flowT)));
      return null;
    }
  };
  const run = async (what: 'save' | 'publish') => {
    setBusy(what);
    try {
      const saved = await save();
      if (saved === null) return;
      if (what === 'save') {
        void message.success(t('wf.fd.saved'));
        return;
      }
      try {
        const { version, unchanged } = await publishForm(saved);
        if (unchanged) void message.info(t('wf.fd.unchanged', { v: version }));
        else void message.success(t('wf.fd.published', { v: version }));
      } catch (e) {
        setErrors(designErrors('publish', e, items, (n) => nodeName(flow, n, flowT)));
      }
    } finally {
      setBusy(null);
    }
  };

  if (loading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('wf.fd.back')}
          </Button>
          <Form.Item noStyle validateStatus={errors?.meta.name ? 'error' : undefined}>
            <Input
              aria-label={t('wf.fd.name')}
              placeholder={t('wf.fd.name')}
              value={meta.name}
              maxLength={30}
              status={errors?.meta.name ? 'error' : undefined}
              onChange={(e) => setMeta({ ...meta, name: e.target.value })}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Select
            aria-label={t('wf.fd.icon')}
            value={meta.icon}
            onChange={(icon) => setMeta({ ...meta, icon })}
            style={{ width: 76 }}
            options={Object.keys(FORM_ICONS).map((name) => ({ value: name, label: <FormIcon name={name} /> }))}
          />
          <Input aria-label={t('wf.fd.group')} placeholder={t('wf.fd.group')} value={meta.group} maxLength={20} onChange={(e) => setMeta({ ...meta, group: e.target.value })} style={{ width: 140 }} />
        </Space>
        <Space>
          <Button onClick={() => setPreview(true)}>{t('wf.fd.preview')}</Button>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void run('save')}>
            {t('wf.fd.saveDraft')}
          </Button>
          <Button type="primary" loading={busy === 'publish'} disabled={busy !== null} onClick={() => void run('publish')}>
            {t('wf.fd.publish')}
          </Button>
        </Space>
      </Space>
      {errors ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setErrors(null)}
          message={t(errors.action === 'save' ? 'wf.fd.saveFailed' : 'wf.fd.publishFailed')}
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {errors.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <Row gutter={12} wrap={false}>
          <Col flex="240px">
            <Palette onAdd={(type) => add(type)} />
          </Col>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <Canvas
              items={items}
              selected={selected}
              keyProblems={keyProblems}
              serverErrors={errors?.byUid ?? {}}
              onSelect={setSelected}
              onMove={(from, to) => setItems(model.move(items, from, to))}
              onDuplicate={(uid) => {
                const { items: next, copy } = model.duplicate(items, uid);
                setItems(next);
                if (copy) setSelected(copy.uid);
              }}
              onRemove={(uid) => {
                setItems(model.remove(items, uid));
                if (selected === uid) setSelected(null);
              }}
            />
          </Col>
          <Col flex="320px">
            <PropsPanel field={current?.field ?? null} keyProblem={current ? keyProblems[current.uid] : undefined} onChange={(c) => current && setItems(model.patch(items, current.uid, c))} />
          </Col>
        </Row>
      </DndContext>
      <Drawer title={meta.name.trim() ? `${t('wf.fd.preview')} · ${meta.name.trim()}` : t('wf.fd.preview')} open={preview} width={720} onClose={() => setPreview(false)} destroyOnHidden>
        <Form layout="horizontal" labelCol={{ flex: '120px' }} wrapperCol={{ flex: 'auto' }} initialValues={model.defaultsFor(items)}>
          <FormRenderer fields={model.toFields(items)} />
        </Form>
      </Drawer>
    </Space>
  );
}
