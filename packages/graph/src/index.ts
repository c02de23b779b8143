export * from './aona';
export * from './combine';
export * from './metrics';
export * from './model';
