export { enqueueMessage, startOutboxSender, type OutgoingMessage } from './service';
export { outboxRoutes } from './routes';
