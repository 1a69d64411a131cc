export { default } from './FormDesignPage';
