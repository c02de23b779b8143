import type { FakeGraphRoute } from './fake-microsoft';

// The fake's People and Teams calls (people, teams, channels, messages, chats): see fake-microsoft.ts.
export const teamsRoutes: FakeGraphRoute[] = [];
