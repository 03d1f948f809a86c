export { assertBusinessActive, businessForActor, businessByClient, liveBusiness, findBusinessByAccountNumber, isProviderAccount, seedBusiness, businessName, PROVIDER_CLABE, type BusinessRow } from './service';
export { listBusinessUsers, getBusinessUser, getBusinessUserByEmail, createBusinessUser, updateBusinessUser, businessUserActions } from './users';
export { businessRoutes } from './routes';
export { businessRecordRoutes } from './records-routes';
export { businessBatches } from './report-rows';
