export * from './auth';
export * from './common';
export * from './config';
export * from './constants';
export * from './messages';
export * from './modules';
export * from './respondent';
export * from './support';
