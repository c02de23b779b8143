export * from './combine';
export * from './metrics';
export * from './model';
export * from './aona';
