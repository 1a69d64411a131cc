export { default } from './DictPage';
