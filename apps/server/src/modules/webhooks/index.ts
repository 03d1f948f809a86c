// Webhooks for business systems: notify() hands business events to them (docs/decisions/0017).
export { webhookRoutes } from './routes';
