import { Spin, Tree } from 'antd';
import type { MenuRow } from '@/features/menu/api';
import { toggleMenu } from '../menuChecks';

interface TreeNode {
  key: number;
  title: string;
  children?: TreeNode[];
}

const asTree = (rows: MenuRow[]): TreeNode[] =>
  rows.map((m) => ({ key: m.id, title: m.title, children: m.children ? asTree(m.children) : undefined }));

/**
 * The role dialog's menu tree: ticking pulls in directories above and everything below. Its own
 * chunk (antd's Tree), fetched beside the menu tree when the page may edit roles (RolePage).
 */
export default function MenuPicker({ value = [], onChange, tree }: { value?: number[]; onChange?: (v: number[]) => void; tree: MenuRow[] }) {
  // Mounted once the tree is there: defaultExpandAll applies at mount only.
  if (tree.length === 0) return <Spin size="small" />;
  return (
    <Tree<TreeNode>
      checkable
      checkStrictly
      defaultExpandAll
      treeData={asTree(tree)}
      checkedKeys={{ checked: value, halfChecked: [] }}
      onCheck={(_, info) => onChange?.(toggleMenu(tree, value, Number(info.node.key), info.checked))}
    />
  );
}
