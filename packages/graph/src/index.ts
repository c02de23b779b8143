export * from './metrics';
export * from './model';
