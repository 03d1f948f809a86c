export { walletUserForActor } from './service';
export { walletRoutes } from './routes';
