export { DataTable, type DataColumn, type DataTableProps, type ListPage, type ListQuery } from './DataTable';
export { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES, toFilters, type Selected } from './logic';
export { compact, pageQuery, useDeleteConfirm, usePagination, useSearchForm, type DeleteWords } from './paging';
