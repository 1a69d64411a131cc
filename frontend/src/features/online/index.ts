export { default } from './OnlinePage';
