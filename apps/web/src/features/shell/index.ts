export { AppLayout } from './app-layout';
export { ComingSoonPage } from './coming-soon-page';
export { ForbiddenPage } from './forbidden-page';
export { NotFoundPage } from './not-found-page';
export { RequireAuth, RequireMenu, RequireSuper } from './guards';
export { PublicOnly } from './public-only';
