import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { useT } from '@/shared/lib/i18n';
import { placeholder } from '@/shared/lib/rules';
import { categoryOptions, categoryTree, type CategoryNode } from './categories';

/** The goods category tree (every category), fetched once per mount; [] until it has come. */
export function useCategoryTree(): CategoryNode[] {
  const [tree, setTree] = useState<CategoryNode[]>([]);
  useEffect(() => {
    let live = true;
    categoryTree(true)
      .then((t) => live && setTree(t))
      .catch(() => undefined); // the request client has told the user
    return () => {
      live = false;
    };
  }, []);
  return tree;
}

export interface CategorySelectProps {
  /** The chosen category's code. */
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** Field label: the placeholder and the accessible name. */
  label?: string;
  /**
   * choose: a category for a goods row — one that is off shows greyed out and cannot be picked;
   * filter (default): any category, a parent taking in the goods of everything below it.
   */
  mode?: 'choose' | 'filter';
  /** The tree when the page has it already; left out: fetched here. */
  tree?: CategoryNode[];
}

function Fetched(props: Omit<CategorySelectProps, 'tree'>) {
  return <Drawn {...props} tree={useCategoryTree()} />;
}

function Drawn({ value, onChange, label, mode = 'filter', tree = [] }: CategorySelectProps) {
  const t = useT();
  return (
    <TreeSelect<string>
      showSearch
      allowClear
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      aria-label={label}
      placeholder={label ? placeholder(label, 'select') : undefined}
      value={value || undefined}
      treeData={categoryOptions(tree, mode === 'choose', t('picker.category.disabled'))}
      onChange={(v) => onChange?.(v ?? undefined)}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}

/**
 * 商品分类 as a TreeSelect over GET /api/categories/tree, by code: the goods dialog's category
 * (mode choose) and the goods list's filter (a parent finds its children's goods: the BFF widens
 * it).
 */
export function CategorySelect(props: CategorySelectProps) {
  return props.tree ? <Drawn {...props} /> : <Fetched {...props} />;
}
