export * from './common';
export * from './session';
export * from './rbac';
