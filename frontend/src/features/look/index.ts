export { default } from './LookPage';
