export { default } from './LogPage';
