export { DeptUserPicker, type DeptUserPickerProps } from './DeptUserPicker';
export {
  childNodes,
  deptIdOf,
  listDept,
  titleOf,
  withChildren,
  usernameOf,
  userIdOf,
  ROOT_DEPT,
  type DeptList,
  type PickKind,
  type PickerNode,
} from './deptTree';
export { AgencyCell, AgencySelect, type AgencySelectProps } from './AgencySelect';
export { AGENCY_SEARCH_DELAY_MS, agencyLabel, agencyOptions, type AgencyOption } from './agencies';
export { agencyColumns, type AgencyColumnsOptions } from './agencyColumns';
export { CategorySelect, type CategorySelectProps } from './CategorySelect';
export { useCategoryTree } from './useCategoryTree';
export { categoryName, categoryNames, categoryOptions, categoryPaths, categoryTree, type CategoryNode, type CategoryOption } from './categories';
