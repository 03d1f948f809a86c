// Notices to people: other modules call notify() inside the transaction of the event.
export { notify, type Notice } from './service';
