export * from './api-keys';
export * from './emails';
export * from './lists';
export * from './networks';
export * from './organizations';
export * from './surveys';
export * from './system';
export * from './users';
