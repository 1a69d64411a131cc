export { default } from './AgencyPage';
