import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { placeholder } from '@/shared/lib/rules';
import { childNodes, listDept, ROOT_DEPT, usernameOf, withChildren, type PickerNode } from './deptTree';

export interface DeptUserPickerProps {
  /** User names. */
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  label?: string;
}

/**
 * Department/user tree over GET /api/dept/list?deptId= (0 = root), loaded one level at a time
 * as departments open; people are chosen, one or several.
 */
export function DeptUserPicker({ value, onChange, multiple, label }: DeptUserPickerProps) {
  const [tree, setTree] = useState<PickerNode[]>([]);
  useEffect(() => {
    let live = true;
    listDept(ROOT_DEPT)
      .then((list) => live && setTree(childNodes(list)))
      .catch(() => undefined); // the request client has told the user
    return () => {
      live = false;
    };
  }, []);
  const toValue = (v: string | string[] | undefined) =>
    v === undefined ? undefined : Array.isArray(v) ? v.map((x) => `user:${x}`) : `user:${v}`;
  return (
    <TreeSelect
      style={{ minWidth: 240 }}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={label ? placeholder(label, 'select') : undefined}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      value={toValue(value)}
      treeData={tree}
      loadData={async (node) => {
        const n = node as unknown as PickerNode;
        if (n.deptId === undefined || n.children) return;
        const children = childNodes(await listDept(n.deptId));
        setTree((t) => withChildren(t, n.value, children));
      }}
      onChange={(v: string | string[] | undefined) =>
        onChange?.(v === undefined ? undefined : Array.isArray(v) ? v.map(usernameOf) : usernameOf(v))
      }
    />
  );
}
