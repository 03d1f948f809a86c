export * from './service';
export * from './lifecycle';
export * from './report-rows';
export * from './recipients';
