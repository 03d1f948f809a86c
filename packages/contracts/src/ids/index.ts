export * from './clabe';
export * from './rfc';
export * from './curp';
export * from './phone-codes';
