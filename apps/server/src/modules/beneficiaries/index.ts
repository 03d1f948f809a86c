export { beneficiaryRoutes } from './routes';
