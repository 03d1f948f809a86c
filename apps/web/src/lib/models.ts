/** A log-user entry as the API gives it (logs and dashboards): the shared contract. */
export { ActivityItem } from '@far/contracts';
