export { default } from './ApiDocPage';
