export { default } from './MenuPage';
