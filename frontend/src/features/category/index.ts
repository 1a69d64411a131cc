export { default } from './CategoryPage';
