export { DeptUserPicker, type DeptUserPickerProps } from './DeptUserPicker';
export { childNodes, listDept, withChildren, usernameOf, ROOT_DEPT, type PickerNode, type DeptList } from './deptTree';
