export { default } from './RolePage';
