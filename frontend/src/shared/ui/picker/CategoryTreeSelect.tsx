import { TreeSelect } from 'antd';
import { useLanguage, useT } from '@/shared/lib/i18n';
import { placeholder } from '@/shared/lib/rules';
import { categoryOptions, type CategoryNode } from './categories';
import { useCategoryTree } from './useCategoryTree';

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
  const language = useLanguage((s) => s.language);
  return (
    <TreeSelect<string>
      showSearch
      allowClear
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      aria-label={label}
      placeholder={label ? placeholder(label, 'select') : undefined}
      value={value || undefined}
      treeData={categoryOptions(tree, mode === 'choose', t('picker.category.disabled'), language)}
      onChange={(v) => onChange?.(v ?? undefined)}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}

/** The TreeSelect behind CategorySelect (its own chunk: rc-tree stays out of the list pages' first load). */
export function CategoryTreeSelect(props: CategorySelectProps) {
  return props.tree ? <Drawn {...props} /> : <Fetched {...props} />;
}
