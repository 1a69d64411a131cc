export { default } from './OrderPage';
// the detail's (/look) moves, lazily: in the page's chunk, so that 订单管理 loads no extra chunk for them
export { default as OrderActions } from './detailActions';
