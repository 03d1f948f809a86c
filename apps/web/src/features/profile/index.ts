export { ProfilePage } from './profile-page';
export { CardAuthSection } from './card-auth-section';
