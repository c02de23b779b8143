export * from './aona';
export * from './change';
export * from './combine';
export * from './metrics';
export * from './model';
