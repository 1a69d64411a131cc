/**
 * What the frame shows of the message centre on every page (the bell, the stream), apart from the
 * page itself (index.ts), which is its own chunk.
 */
export { MessageBell } from './Bell';
export { MessageStream } from './MessageStream';
export { MESSAGES_PATH } from './paths';
export { useNotify, type Connection } from './store';
