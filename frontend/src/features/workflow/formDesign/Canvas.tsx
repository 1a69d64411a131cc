import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { useT } from '../messages';
import { TYPE_ICONS } from './typeIcons';
import type { Item, KeyProblem } from './model';

export const CANVAS_ID = 'canvas';

export interface CanvasProps {
  items: Item[];
  selected: string | null;
  /** Per uid: the client's key check, then the server's reason from the last save or publish. */
  keyProblems: Record<string, KeyProblem>;
  serverErrors: Record<string, string>;
  onSelect: (uid: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (uid: string) => void;
  onRemove: (uid: string) => void;
}

interface RowProps extends Omit<CanvasProps, 'items' | 'selected' | 'keyProblems' | 'serverErrors'> {
  item: Item;
  index: number;
  last: boolean;
  active: boolean;
  error?: string;
}

/** One field on the canvas: drag by the handle, click to edit, the small buttons for the rest. */
function FieldRow({ item, index, last, active, error, onSelect, onMove, onDuplicate, onRemove }: RowProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.uid });
  const f = item.field;
  const Icon = TYPE_ICONS[f.type];
  // the theme's colours, not fixed light ones: in dark mode a white row under white titles was unreadable
  const { token } = theme.useToken();
  const stop = (run: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    run();
  };
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      aria-label={f.label || t(`wf.type.${f.type}`)}
      aria-selected={active}
      onClick={() => onSelect(item.uid)}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        border: `1px ${active ? `solid ${token.colorPrimary}` : error ? `solid ${token.colorError}` : `dashed ${token.colorBorder}`}`,
        background: active ? token.colorPrimaryBg : token.colorBgContainer,
        borderRadius: 6,
        padding: '8px 12px',
        marginBottom: 8,
        cursor: 'pointer',
      }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Space align="start">
          <Button
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            type="text"
            size="small"
            icon={<HolderOutlined />}
            aria-label={t('wf.fd.drag')}
            style={{ cursor: 'grab' }}
            onClick={(e) => e.stopPropagation()}
          />
          <div>
            <Space size={6}>
              {f.required ? <span style={{ color: token.colorError }}>*</span> : null}
              <Typography.Text strong>{f.label || t(`wf.type.${f.type}`)}</Typography.Text>
              <Tag icon={<Icon />} bordered={false}>
                {t(`wf.type.${f.type}`)}
              </Tag>
              <Typography.Text type="secondary" code>
                {f.key}
              </Typography.Text>
            </Space>
            <div>
              <Typography.Text type={error ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                {error ?? (f.type === 'description' ? f.content : f.placeholder) ?? ''}
              </Typography.Text>
            </div>
          </div>
        </Space>
        <Space size={0}>
          <Tooltip title={t('wf.fd.moveUp')}>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('wf.fd.moveUp')} disabled={index === 0} onClick={stop(() => onMove(index, index - 1))} />
          </Tooltip>
          <Tooltip title={t('wf.fd.moveDown')}>
            <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={t('wf.fd.moveDown')} disabled={last} onClick={stop(() => onMove(index, index + 1))} />
          </Tooltip>
          <Tooltip title={t('wf.fd.duplicate')}>
            <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('wf.fd.duplicate')} onClick={stop(() => onDuplicate(item.uid))} />
          </Tooltip>
          <Tooltip title={t('wf.fd.remove')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('wf.fd.remove')} onClick={stop(() => onRemove(item.uid))} />
          </Tooltip>
        </Space>
      </Space>
    </div>
  );
}

/** The form being designed, in order; a drop target for the palette and a sortable list. */
export function Canvas({ items, selected, keyProblems, serverErrors, ...actions }: CanvasProps) {
  const t = useT();
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  const { token } = theme.useToken();
  const keyText = (p?: KeyProblem) => (p === 'taken' ? t('wf.fd.p.key.taken') : p === 'pattern' ? t('wf.fd.p.key.pattern') : undefined);
  return (
    <Card size="small" title={t('wf.fd.canvas')} styles={{ body: { minHeight: 420, background: isOver ? token.colorPrimaryBg : token.colorFillQuaternary } }}>
      <div ref={setNodeRef} role="list" aria-label={t('wf.fd.canvas')} style={{ minHeight: 400 }}>
        <SortableContext items={items.map((i) => i.uid)} strategy={verticalListSortingStrategy}>
          {items.map((item, index) => (
            <FieldRow
              key={item.uid}
              item={item}
              index={index}
              last={index === items.length - 1}
              active={item.uid === selected}
              error={keyText(keyProblems[item.uid]) ?? serverErrors[item.uid]}
              {...actions}
            />
          ))}
        </SortableContext>
        {items.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wf.fd.canvas.empty')} /> : null}
      </div>
    </Card>
  );
}
