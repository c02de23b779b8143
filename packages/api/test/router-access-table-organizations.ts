// Rows of the access table (router-access-table.ts) for organizations, billing and the super admin.
import { randomUUID } from 'node:crypto';
import { BILLING_MSG, defaultModules, ORGANIZATION_LOGO_MSG } from '@tieline/validation';
import { newAccount } from './helpers';
import { paymentOf, type Row } from './router-access-fixtures';

/** An organization other than the caller's answers as an unknown one. */
const orgHidden = { status: 404, message: BILLING_MSG.organizationNotFound };
const accountHidden = { status: 404, message: BILLING_MSG.accountNotFound };
const paymentHidden = { status: 404, message: BILLING_MSG.paymentNotFound };

export const ORGANIZATION_PROCEDURES: Record<string, Row> = {
  'organizations.logos.remove': {
    rule: 'orgOwner',
    input: ({ me }) => ({ orgId: me.organizationId, logoType: 'whiteLogo' }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (orgId) => ({ orgId, logoType: 'whiteLogo' }),
      answer: { status: 404, message: ORGANIZATION_LOGO_MSG.organizationNotFound },
    },
  },
  'organizations.users.list': {
    rule: 'orgOwner',
    input: ({ me }) => ({ id: me.organizationId }),
    foreign: { id: ({ other }) => other.organizationId!, input: (id) => ({ id }) },
  },
  'organizations.users.add': {
    rule: 'orgOwner',
    input: ({ me }) => ({ orgId: me.organizationId, name: 'Ada', email: newAccount().email, permission: 'Admin' }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (orgId) => ({ orgId, name: 'Ada', email: newAccount().email, permission: 'Admin' }),
    },
  },
  // No id in the input: only the caller's own organization is searched (organization-users-lookup.test.ts).
  'organizations.users.lookupByEmail': { rule: 'orgOwner', input: () => ({ email: newAccount().email }) },
  'organizations.users.edit': {
    rule: 'orgOwner',
    input: ({ me }) => ({ orgId: me.organizationId, _id: me.userId, permission: 'Owner', modules: defaultModules() }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (orgId) => ({ orgId, _id: randomUUID(), permission: 'Owner', modules: defaultModules() }),
    },
  },
  'organizations.users.delete': {
    rule: 'orgOwner',
    input: ({ me }) => ({ orgId: me.organizationId, userId: randomUUID() }),
    foreign: { id: ({ other }) => other.organizationId!, input: (orgId) => ({ orgId, userId: randomUUID() }) },
  },
  'organizations.users.transfer': {
    rule: 'orgOwner',
    input: ({ me }) => ({ orgId: me.organizationId, sourceUserId: me.userId, targetUserId: randomUUID() }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (orgId) => ({ orgId, sourceUserId: randomUUID(), targetUserId: randomUUID() }),
    },
  },
  'billing.summary': { rule: 'signedIn' },
  // Payments are not configured here: an admitted checkout answers 409 (payments-checkout.test.ts buys).
  'billing.buyCredits': {
    rule: 'accountOwner',
    input: ({ me }) => ({ accountId: me.organizationId, credits: 5 }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (accountId) => ({ accountId, credits: 5 }),
      answer: accountHidden,
    },
  },
  'billing.payment': {
    rule: 'accountOwner',
    input: async (f) => ({ id: await paymentOf(f, f.me) }),
    foreign: { id: (f) => paymentOf(f, f.other), input: (id) => ({ id }), answer: paymentHidden },
  },
  'billing.requestCredits': { rule: 'accountOwner', input: () => ({ credits: 10 }) },
  'organizations.billing.requestCredits': {
    rule: 'orgOwner',
    input: ({ me }) => ({ id: me.organizationId, credits: 100 }),
    foreign: { id: ({ other }) => other.organizationId!, input: (id) => ({ id, credits: 100 }), answer: orgHidden },
  },
  'organizations.billing.metrics': {
    rule: 'orgAdmin',
    input: ({ me }) => ({ id: me.organizationId }),
    foreign: { id: ({ other }) => other.organizationId!, input: (id) => ({ id }), answer: orgHidden },
  },
  'admin.users.search': { rule: 'superAdmin', input: () => ({ search: 'test' }) },
  'admin.users.get': { rule: 'superAdmin', input: ({ other }) => ({ id: other.loginId }) },
  'admin.users.setDisabled': { rule: 'superAdmin', input: ({ other }) => ({ id: other.loginId, disabled: false }) },
  'admin.users.setRole': { rule: 'superAdmin', input: ({ other }) => ({ userId: other.userId, role: 'User' }) },
  'admin.users.setPlan': { rule: 'superAdmin', input: ({ other }) => ({ id: other.userId, plan: 'basic' }) },
  'admin.users.setModules': {
    rule: 'superAdmin',
    input: ({ other }) => ({ id: other.userId, modules: defaultModules() }),
  },
  'admin.users.adjustCredits': {
    rule: 'superAdmin',
    input: ({ me }) => ({ id: me.userId, credits: 10, note: 'Welcome' }),
  },
  'admin.organizations.search': { rule: 'superAdmin', input: () => ({ search: 'org' }) },
  'admin.organizations.get': { rule: 'superAdmin', input: ({ other }) => ({ id: other.organizationId }) },
  'admin.organizations.setPlan': {
    rule: 'superAdmin',
    input: ({ other }) => ({ id: other.organizationId, plan: 'professional' }),
  },
  'admin.organizations.setModules': {
    rule: 'superAdmin',
    input: ({ other }) => ({ id: other.organizationId, modules: defaultModules() }),
  },
  'admin.organizations.adjustCredits': {
    rule: 'superAdmin',
    input: ({ other }) => ({ id: other.organizationId, credits: 10, note: 'Welcome' }),
  },
  'admin.audit.list': { rule: 'superAdmin', input: () => ({}) },
  'admin.audit.supportRequests': { rule: 'superAdmin', input: () => ({}) },
};
