export * from './accounts';
export * from './surveys';
export * from './system';
