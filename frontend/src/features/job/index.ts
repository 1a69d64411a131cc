export { default } from './JobPage';
