// The test tenant's user ids (passive-office365-setup.ts), apart so the fixtures can use them too.

/** Ids of the tenant's users: Ann (the CEO), Bob and Cat report to Ann, Dan reports to Bob; Eve has no mailbox. */
export const U = {
  ann: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  cat: '33333333-3333-4333-8333-333333333333',
  dan: '44444444-4444-4444-8444-444444444444',
  eve: '55555555-5555-4555-8555-555555555555',
} as const;
