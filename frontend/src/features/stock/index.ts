export { default } from './StockPage';
