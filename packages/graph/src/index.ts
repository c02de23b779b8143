export * from './combine';
export * from './model';
