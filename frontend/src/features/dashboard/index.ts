export { default } from './DashboardPage';
