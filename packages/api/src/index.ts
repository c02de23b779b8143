export { loadEnv, type TEnv } from './env';
export type { AppRouter } from './root';
export { appRouter, createCaller } from './root';
export { createServer, type Server, type ServerOptions } from './server';
