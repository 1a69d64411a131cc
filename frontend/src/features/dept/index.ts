export { default } from './DeptPage';
