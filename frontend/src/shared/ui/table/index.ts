export { DataTable, type ActionType, type DataColumn, type DataTableProps, type ListPage, type ListQuery, type TableParams } from './DataTable';
export { AddButton, useActionColumn, type ActionColumnOptions, type RowAction } from './actions';
export { actionColumnWidth } from './actionWidth';
export { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES, SHORT_PAGE_SIZES, toFilters, toTableData, type Selected } from './logic';
export { compact, pageQuery, useDeleteConfirm, usePagination, useSearchForm, type DeleteWords } from './paging';
export { saveBlob } from './save';
