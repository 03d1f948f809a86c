export * from './service';
export * from './lifecycle';
export * from './recipients';
