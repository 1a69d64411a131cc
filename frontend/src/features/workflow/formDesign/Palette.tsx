import { useDraggable } from '@dnd-kit/core';
import { Button, Card, Typography } from 'antd';
import { useT } from '../messages';
import { FIELD_TYPES, type FieldType } from '../form/types';
import { TYPE_ICONS } from './typeIcons';

export const PALETTE_PREFIX = 'palette:';

/** One palette entry: a click appends the field, a drag drops it where the pointer is on the canvas. */
function PaletteItem({ type, onAdd }: { type: FieldType; onAdd: (type: FieldType) => void }) {
  const t = useT();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  const Icon = TYPE_ICONS[type];
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      icon={<Icon />}
      block
      style={{ justifyContent: 'flex-start', opacity: isDragging ? 0.5 : 1, cursor: 'grab' }}
      onClick={() => onAdd(type)}
      data-testid={`palette-${type}`}
    >
      {t(`wf.type.${type}`)}
    </Button>
  );
}

/** The 13 field types. */
export function Palette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const t = useT();
  return (
    <Card size="small" title={t('wf.fd.palette')} styles={{ body: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 } }}>
      <Typography.Text type="secondary" style={{ gridColumn: '1 / -1', fontSize: 12 }}>
        {t('wf.fd.palette.tip')}
      </Typography.Text>
      {FIELD_TYPES.map((type) => (
        <PaletteItem key={type} type={type} onAdd={onAdd} />
      ))}
    </Card>
  );
}
