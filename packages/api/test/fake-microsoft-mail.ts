import type { FakeGraphRoute } from './fake-microsoft';

// The fake's mail and calendar calls (Sent Items with delta, calendarView): see fake-microsoft.ts.
export const mailRoutes: FakeGraphRoute[] = [];
