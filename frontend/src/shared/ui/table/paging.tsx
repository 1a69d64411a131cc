import type { ReactNode } from 'react';
import { App, Button } from 'antd';
import { useT } from '@/shared/lib/i18n';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from './logic';

/**
 * The pager of every list (docs/decisions.md "Building blocks (issue 5)"): total, pages, jumper with its 确定 button, sizes;
 * page 1 of 10 first. One definition for DataTable and the tables that still use ProTable.
 */
export function usePagination(pageSizes: number[] = PAGE_SIZES) {
  const t = useT();
  return {
    defaultCurrent: DEFAULT_PAGE,
    defaultPageSize: DEFAULT_PAGE_SIZE,
    pageSizeOptions: pageSizes,
    showSizeChanger: true,
    showQuickJumper: { goButton: <Button size="small">{t('pagination.confirm')}</Button> },
    showTotal: (total: number) => t('table.total', { n: total }),
    // the table JSON's prevText / nextText (seed-spec §3): the pager's ends say what they do
    itemRender: (_page: number, type: string, element: ReactNode) =>
      type === 'prev' ? <a style={{ padding: '0 6px' }}>{t('pagination.prev')}</a> : type === 'next' ? <a style={{ padding: '0 6px' }}>{t('pagination.next')}</a> : element,
  };
}

/**
 * ProTable's search form: labels sized to fit, and the 查询 / 重置 of our table (the same words
 * as SearchReset's) rather than ProTable's own, so both forms read alike in either language.
 */
export function useSearchForm() {
  const t = useT();
  return { labelWidth: 'auto' as const, searchText: t('search.search'), resetText: t('search.reset') };
}

/** ProTable's 1-based `current`/`pageSize` as the BFF's 0-based `page`/`size`. */
export function pageQuery(params: { current?: number; pageSize?: number }): { page: number; size: number } {
  return { page: Math.max((params.current ?? DEFAULT_PAGE) - 1, 0), size: params.pageSize ?? DEFAULT_PAGE_SIZE };
}

/** Drops empty search values, so the query carries only what the user filled in. */
export function compact<T extends Record<string, unknown>>(q: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) out[k as keyof T] = v as T[keyof T];
  }
  return out;
}

export interface DeleteWords {
  confirm: string;
  done: string;
}

/**
 * The delete of DECISIONS §2: confirm 此操作将永久删除该信息, 是否继续?, then 删除成功 or
 * 已取消删除 (other words for other deletes, e.g. 强退). Resolves true when remove succeeded; a
 * failed remove leaves the message to the request client.
 */
export function useDeleteConfirm(): (remove: () => Promise<unknown>, words?: DeleteWords) => Promise<boolean> {
  const { modal, message } = App.useApp();
  const t = useT();
  return (remove, words) =>
    new Promise((resolve) => {
      modal.confirm({
        title: t('common.hint'),
        content: words?.confirm ?? t('del.confirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        okType: 'danger',
        onOk: async () => {
          try {
            await remove();
            void message.success(words?.done ?? t('del.ok'));
            resolve(true);
          } catch {
            resolve(false); // the request client has shown the error
          }
        },
        onCancel: () => {
          void message.info(t('del.cancelled'));
          resolve(false);
        },
      });
    });
}
