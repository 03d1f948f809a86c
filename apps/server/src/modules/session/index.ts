export { actorRow, loadActor, validatePin, revokeAllSessions } from './service';
export { sessionRoutes } from './routes';
export { profileRoutes, registerProfileRule } from './profile-routes';
