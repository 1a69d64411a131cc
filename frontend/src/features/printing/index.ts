export { PrintButtons } from './PrintButtons';
