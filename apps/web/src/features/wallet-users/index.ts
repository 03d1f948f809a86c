export { WalletUsersPage } from './wallet-users-page';
