export { default } from './MessagesPage';
