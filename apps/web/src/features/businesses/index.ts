export { BusinessCreatePage } from './business-create-page';
export { BusinessDetailPage, type BusinessDetailTab } from './business-detail-page';
export { BusinessesPage } from './businesses-page';
