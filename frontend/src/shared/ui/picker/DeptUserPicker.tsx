import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { placeholder } from '@/shared/lib/rules';
import { childNodes, deptIdOf, listDept, ROOT_DEPT, titleOf, userIdOf, usernameOf, withChildren, type PickKind, type PickerNode } from './deptTree';

type Labeled = { value: string; label?: React.ReactNode };

export interface DeptUserPickerProps {
  /** User names; user IDs when pick is 'userId'; department IDs when pick is 'dept'. */
  value?: string | number | Array<string | number>;
  /** labels: the chosen nodes' titles by ID (pick 'userId' or 'dept'), for callers that keep names with the IDs. */
  onChange?: (value: string | number | Array<string | number> | undefined, labels?: Record<number, string>) => void;
  multiple?: boolean;
  label?: string;
  /** People (default) or departments. */
  pick?: PickKind;
  /** Names of chosen departments (or people, by ID) that are not loaded yet (the tree opens lazily), by ID. */
  names?: Record<number, string>;
}

/**
 * Department/user tree over GET /api/dept/list?deptId= (0 = root), loaded one level at a time
 * as departments open; people, or departments, are chosen, one or several. Ticking a department
 * does not tick the ones below (a data scope takes them in anyway).
 */
export function DeptUserPicker({ value, onChange, multiple, label, pick = 'user', names }: DeptUserPickerProps) {
  const [tree, setTree] = useState<PickerNode[]>([]);
  useEffect(() => {
    let live = true;
    listDept(ROOT_DEPT)
      .then((list) => live && setTree(childNodes(list, pick)))
      .catch(() => undefined); // the request client has told the user
    return () => {
      live = false;
    };
  }, [pick]);
  const depts = pick === 'dept';
  const byId = pick === 'userId';
  // what is chosen by ID goes in with its label: it may sit in a branch not opened yet
  const prefix = depts ? 'dept:' : 'uid:';
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  // departments go in with their labels: a chosen one may sit in a branch not opened yet
  const toValue = () => {
    if (depts || byId) {
      const labeled = list.map((id) => ({ value: `${prefix}${id}`, label: titleOf(tree, `${prefix}${id}`) ?? names?.[Number(id)] ?? String(id) }));
      return multiple ? labeled : labeled[0];
    }
    const keys = list.map((x) => `user:${x}`);
    return multiple ? keys : keys[0];
  };
  const fromValue = (v: unknown) => {
    const one = (x: string | Labeled) => {
      const key = typeof x === 'string' ? x : x.value;
      return depts ? deptIdOf(key) : byId ? userIdOf(key) : usernameOf(key);
    };
    if (v === undefined || v === null) return undefined;
    return Array.isArray(v) ? (v as Array<string | Labeled>).map(one) : one(v as string | Labeled);
  };
  const labelsOf = (v: unknown): Record<number, string> | undefined => {
    if (!depts && !byId) return undefined;
    const items = (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]) as Labeled[];
    return Object.fromEntries(items.map((x) => [depts ? deptIdOf(x.value) : userIdOf(x.value), typeof x.label === 'string' ? x.label : String(x.value)]));
  };
  return (
    <TreeSelect
      style={{ minWidth: 240 }}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={label ? placeholder(label, 'select') : undefined}
      aria-label={label}
      multiple={multiple}
      treeCheckable={multiple}
      treeCheckStrictly={depts && multiple}
      labelInValue={depts || byId}
      showCheckedStrategy={depts ? TreeSelect.SHOW_ALL : TreeSelect.SHOW_CHILD}
      value={toValue()}
      treeData={tree}
      loadData={async (node) => {
        const n = node as unknown as PickerNode;
        if (n.deptId === undefined || n.children) return;
        const children = childNodes(await listDept(n.deptId), pick);
        setTree((t) => withChildren(t, n.value, children));
      }}
      onChange={(v: unknown) => onChange?.(fromValue(v), labelsOf(v))}
    />
  );
}
