export { default } from './StoragePage';
