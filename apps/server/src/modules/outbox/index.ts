export { enqueueMessage, htmlFromText, sendDueMessages, startOutboxSender, type OutgoingMessage } from './service';
export { outboxRoutes } from './routes';
