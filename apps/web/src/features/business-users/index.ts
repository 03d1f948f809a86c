export { BusinessUsersPanel } from './business-users-panel';
