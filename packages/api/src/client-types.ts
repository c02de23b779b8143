// Types only: the admin app imports the router type from here, never server code.
export type { AppRouter } from './root';
