export { ClarificationsPage } from './clarifications-page';
