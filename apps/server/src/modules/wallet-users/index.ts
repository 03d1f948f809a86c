export { walletUserForActor, authoriseWalletAccess } from './service';
export { walletRoutes } from './routes';
