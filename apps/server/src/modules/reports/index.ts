// Reports: the /report screen's calls and the scheduled-report job.
export { reportRoutes } from './routes';
