export { default } from './StatementPage';
