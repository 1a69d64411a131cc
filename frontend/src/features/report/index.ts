export { default } from './SalesReportPage';
