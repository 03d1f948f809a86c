export * from './engine';
export * from './rich-text';
export * from './content-types';
export * from './client-kind';
export * from './checked';
export * from './content-definition';
