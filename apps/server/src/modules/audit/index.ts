export { recordActivity, recordIncident, activityByDay, incidentsToday, listActivity, type ActivityInput } from './service';
export { auditRoutes } from './routes';
