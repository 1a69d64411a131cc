export { default } from './MineCertPage';
