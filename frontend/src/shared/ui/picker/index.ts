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
