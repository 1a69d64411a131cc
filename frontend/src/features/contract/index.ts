export { default } from './ContractPage';
