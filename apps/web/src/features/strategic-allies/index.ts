export { BusinessAlliesTab } from './business-allies-tab';
