import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { DeptUserPicker } from '@/shared/ui/picker';
import type { Ref } from '../types.flow';
import { roleChoices } from '../api.flow';

/** The picker's title is "昵称（用户名）"; the flow keeps the nickname as the label. */
const short = (label: string) => label.replace(/（[^（）]*）$/, '');

function toRefs(ids: unknown, labels: Record<number, string> | undefined, before: Ref[]): Ref[] {
  const list = ids === undefined ? [] : Array.isArray(ids) ? ids : [ids];
  return list.map((raw) => {
    const id = Number(raw);
    const known = before.find((r) => r.id === id)?.name;
    return { id, name: labels?.[id] ? short(labels[id]) : (known ?? String(id)) };
  });
}

interface RefsProps {
  value: Ref[];
  onChange: (refs: Ref[]) => void;
  label: string;
}

/** People by user ID with their names kept beside (docs/workflow.md: names are the designer's labels). */
export function UsersPicker({ value, onChange, label, single }: RefsProps & { single?: boolean }) {
  return (
    <DeptUserPicker
      pick="userId"
      multiple={!single}
      label={label}
      value={single ? value[0]?.id : value.map((r) => r.id)}
      names={Object.fromEntries(value.map((r) => [r.id, r.name]))}
      onChange={(ids, labels) => onChange(toRefs(ids, labels, value))}
    />
  );
}

/** Departments, for the 发起人部门 condition. */
export function DeptsPicker({ value, onChange, label }: RefsProps) {
  return (
    <DeptUserPicker
      pick="dept"
      multiple
      label={label}
      value={value.map((r) => r.id)}
      names={Object.fromEntries(value.map((r) => [r.id, r.name]))}
      onChange={(ids, labels) => onChange(toRefs(ids, labels, value))}
    />
  );
}

/** Roles from GET /api/roles/all, kept with their names. */
export function RolesSelect({ value, onChange, label }: RefsProps) {
  const [roles, setRoles] = useState<Ref[]>([]);
  useEffect(() => {
    let live = true;
    roleChoices()
      .then((r) => live && setRoles(r))
      .catch(() => undefined); // the request client has told the user
    return () => {
      live = false;
    };
  }, []);
  const options = [...roles, ...value.filter((v) => !roles.some((r) => r.id === v.id))].map((r) => ({ value: r.id, label: r.name }));
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      aria-label={label}
      placeholder={label}
      options={options}
      value={value.map((r) => r.id)}
      optionFilterProp="label"
      onChange={(ids: number[]) => onChange(ids.map((id) => ({ id, name: options.find((o) => o.value === id)?.label ?? String(id) })))}
    />
  );
}
