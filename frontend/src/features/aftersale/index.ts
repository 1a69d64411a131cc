export { default } from './AftersalePage';
