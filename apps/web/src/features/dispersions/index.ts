export { DispersionsTab } from './dispersion-tab';
export { DispersionHistoryPage } from './history-page';
export { DispersionProgramPage } from './program-page';
