export { default } from './GoodsPage';
