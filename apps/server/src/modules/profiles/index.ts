export { profileUserRoutes } from './routes';
