export { internalRoutes } from './routes';
