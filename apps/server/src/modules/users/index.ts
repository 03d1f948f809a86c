export * from './service';
export * from './lifecycle';
