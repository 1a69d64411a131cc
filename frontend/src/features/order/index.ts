export { default } from './OrderPage';
