import { t } from '../messages';
import { defaultsOf } from '../form/logic';
import { KEY_PATTERN, LIMITS, type Field, type FieldType } from '../form/types';

/** A field on the canvas: `uid` stays while its key is edited (drag-and-drop and selection use it). */
export interface Item {
  uid: string;
  field: Field;
}

/** A canvas-local identity; never sent (random: crypto.randomUUID needs a secure context). */
export const nextUid = (): string => `f${Math.random().toString(36).slice(2, 12)}`;

/** A key not used yet: `<type>_<n>` with the smallest free n. */
export function freeKey(type: FieldType, items: Item[]): string {
  const used = new Set(items.map((i) => i.field.key));
  for (let n = 1; ; n++) if (!used.has(`${type}_${n}`)) return `${type}_${n}`;
}

/** A new field of a type as the palette adds it: labelled with the type's name, with sensible limits. */
export function newField(type: FieldType, items: Item[]): Field {
  const f: Field = { key: freeKey(type, items), type, label: t(`wf.type.${type}`) };
  if (type === 'select') f.options = [{ label: t('wf.fd.p.options') + '1', value: '1' }];
  if (type === 'upload') Object.assign(f, { maxCount: 1, maxSizeMB: 5 });
  if (type === 'number') f.precision = 0;
  if (type === 'description') Object.assign(f, { label: '', content: t('wf.type.description') });
  return f;
}

export function insertAt(items: Item[], item: Item, index: number): Item[] {
  const i = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, i), item, ...items.slice(i)];
}

export function move(items: Item[], from: number, to: number): Item[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export function patch(items: Item[], uid: string, change: Partial<Field>): Item[] {
  return items.map((i) => (i.uid === uid ? { ...i, field: dropEmpty({ ...i.field, ...change }) } : i));
}

export function remove(items: Item[], uid: string): Item[] {
  return items.filter((i) => i.uid !== uid);
}

/** A copy placed right after the original, under a free key. */
export function duplicate(items: Item[], uid: string): { items: Item[]; copy?: Item } {
  const i = items.findIndex((x) => x.uid === uid);
  if (i < 0) return { items };
  const copy: Item = { uid: nextUid(), field: { ...items[i].field, key: freeKey(items[i].field.type, items) } };
  return { items: insertAt(items, copy, i + 1), copy };
}

/** Properties set to undefined are left out (and, on save, blank optional text): a schema carries what was chosen. */
function dropEmpty(f: Field, blank = false): Field {
  const out = { ...f } as Record<string, unknown>;
  for (const k of Object.keys(out)) if (out[k] === undefined || (blank && out[k] === '' && k !== 'label' && k !== 'dict')) delete out[k];
  return out as unknown as Field;
}

export type KeyProblem = 'pattern' | 'taken';

/** The client-side key check: each key matches the pattern and is used once (the server checks again). */
export function keyProblems(items: Item[]): Record<string, KeyProblem> {
  const count = new Map<string, number>();
  for (const i of items) count.set(i.field.key, (count.get(i.field.key) ?? 0) + 1);
  const out: Record<string, KeyProblem> = {};
  for (const i of items) {
    if (!KEY_PATTERN.test(i.field.key)) out[i.uid] = 'pattern';
    else if ((count.get(i.field.key) ?? 0) > 1) out[i.uid] = 'taken';
  }
  return out;
}

/** min ≤ max where both are set. */
export const boundsOk = (f: Field): boolean => f.min === undefined || f.max === undefined || f.min <= f.max;

/** What stops a save before it is sent, as one message; '' when nothing does. */
export function saveProblem(name: string, items: Item[]): string {
  if (!name.trim()) return t('wf.fd.v.name');
  if (items.length > LIMITS.fields) return t('wf.fd.v.tooMany', { n: LIMITS.fields });
  const bad = keyProblems(items);
  const keys = items.filter((i) => bad[i.uid]).map((i) => i.field.key || '""');
  if (keys.length) return t('wf.fd.v.keys', { keys: [...new Set(keys)].join('、') });
  return '';
}

export const toItems = (fields: Field[]): Item[] => fields.map((field) => ({ uid: nextUid(), field }));
export const toFields = (items: Item[]): Field[] => items.map((i) => dropEmpty(i.field, true));

/** The preview's starting values: each field's default. */
export const defaultsFor = (items: Item[]) => defaultsOf(toFields(items));
