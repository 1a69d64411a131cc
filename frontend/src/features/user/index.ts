export { default } from './UserPage';
