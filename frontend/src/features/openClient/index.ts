export { default } from './OpenClientPage';
