export { StaffDetailPage } from './staff-detail-page';
export { StaffPage } from './staff-page';
