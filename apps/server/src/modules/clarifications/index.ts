// Clarifications (support cases): routes, and the case reader the reports use.
export { clarificationRoutes, CSV_COLUMNS as CLARIFICATION_COLUMNS } from './routes';
export { clarificationBatches } from './service';
