import type { TModules, TUser } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { isOrganizationAdmin, isOrganizationOwner, isSuperAdmin } from '../src/lib/current-user';
import { errorCode, errorMessage, UNREACHABLE } from '../src/lib/errors';
import { enabledModules } from '../src/lib/module-list';

const modules = (on: string[]): TModules =>
  Object.fromEntries(
    ['networks', 'surveys', 'passiveData', 'meltwater', 'AONA', 'discover'].map((m) => [
      m,
      { enabled: on.includes(m) },
    ]),
  ) as TModules;

function user(patch: Partial<TUser> = {}): TUser {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    userLogin: {
      _id: '00000000-0000-4000-8000-000000000002',
      email: 'a@example.com',
      name: 'A',
      username: 'a',
      verified: true,
      twoFactorAuthEnabled: false,
      hideTutorialVideosMessage: false,
    },
    role: 'User',
    category: null,
    country: null,
    avatar: null,
    billing: { networksSubscriptionType: 'free', modules: modules(['networks']) },
    organizations: [],
    passivePeople: true,
    ...patch,
  };
}
const org = { _id: '00000000-0000-4000-8000-000000000003', name: 'Acme', type: 'organization' };

describe('menus by role (spec platform §2, §6)', () => {
  it('organisation admin: Owner or Admin of the first organization only', () => {
    expect(isOrganizationAdmin(user())).toBe(false);
    expect(isOrganizationAdmin(user({ organizations: [{ organization: org, permission: 'Owner' }] }))).toBe(true);
    expect(isOrganizationAdmin(user({ organizations: [{ organization: org, permission: 'Admin' }] }))).toBe(true);
    expect(
      isOrganizationAdmin(user({ organizations: [{ organization: org, permission: 'Simplified Access-only' }] })),
    ).toBe(false);
  });

  it('organization settings need the owner; the admin menu needs role Admin', () => {
    expect(isOrganizationOwner(user({ organizations: [{ organization: org, permission: 'Admin' }] }))).toBe(false);
    expect(isOrganizationOwner(user({ organizations: [{ organization: org, permission: 'Owner' }] }))).toBe(true);
    expect(isSuperAdmin(user())).toBe(false);
    expect(isSuperAdmin(user({ role: 'Admin' }))).toBe(true);
  });

  it('lists enabled modules in spec order with their paths', () => {
    expect(enabledModules(modules(['discover', 'passiveData', 'networks'])).map((m) => m.path)).toEqual([
      '/networks',
      '/passivedata',
      '/discover',
    ]);
    expect(enabledModules(undefined)).toEqual([]);
  });
});

describe('error messages for toasts (spec platform §8)', () => {
  it("shows the server's message, or says the server could not be reached", () => {
    const fromServer = new TRPCClientError('Incorrect email or password', {
      result: { error: { message: 'Incorrect email or password', code: -32001, data: { code: 'UNAUTHORIZED' } } },
    });
    expect(errorMessage(fromServer)).toBe('Incorrect email or password');
    expect(errorCode(fromServer)).toBe('UNAUTHORIZED');
    expect(errorMessage(new TRPCClientError('fetch failed'))).toBe(UNREACHABLE);
    expect(errorMessage('weird')).toBe('Unexpected error.');
  });
});
