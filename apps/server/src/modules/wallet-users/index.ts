export { walletUserForActor, isActiveAlly } from './service';
export { walletRoutes } from './routes';
