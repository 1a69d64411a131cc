import { App } from 'antd';
import { useT } from '@/shared/lib/i18n';

/** Paging of every list page (seed-spec §9): page 1, size 10, sizes 10/15/20/30. */
export const PAGE_SIZES = [10, 15, 20, 30];
export const DEFAULT_PAGE_SIZE = 10;

/** ProTable's pagination settings for list pages. */
export const pagination = { defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZES, showSizeChanger: true };

/** ProTable's 1-based `current`/`pageSize` as the BFF's 0-based `page`/`size`. */
export function pageQuery(params: { current?: number; pageSize?: number }): { page: number; size: number } {
  return { page: Math.max((params.current ?? 1) - 1, 0), size: params.pageSize ?? DEFAULT_PAGE_SIZE };
}

/** Drops empty search values, so the query carries only what the user filled in. */
export function compact<T extends Record<string, unknown>>(q: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) out[k as keyof T] = v as T[keyof T];
  }
  return out;
}

/**
 * The row delete of DECISIONS §2: confirm 此操作将永久删除该信息, 是否继续?, then 删除成功 or
 * 已取消删除. Resolves true when the row was deleted.
 */
export function useDeleteConfirm(): (remove: () => Promise<unknown>) => Promise<boolean> {
  const { modal, message } = App.useApp();
  const t = useT();
  return (remove) =>
    new Promise((resolve) => {
      modal.confirm({
        title: t('common.hint'),
        content: t('del.confirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        okType: 'danger',
        onOk: async () => {
          try {
            await remove();
            void message.success(t('del.ok'));
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

/** Validators of seed-spec §5 as antd rules. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
