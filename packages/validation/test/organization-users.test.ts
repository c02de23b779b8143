import { describe, expect, it } from 'vitest';
import {
  checkOrganizationUserRows,
  defaultModules,
  ORG_USERS_LIMITS,
  ORG_USERS_MSG,
  userListFileName,
  ZAddOrganizationUserInput,
  ZEditOrganizationUserInput,
  ZOrgUsersUploadFields,
} from '../src';

const HEAD = ['Name', 'Email', 'Permissions'];
const ada = ['Ada Lovelace', 'Ada@Example.com', 'Owner'];
const bob = ['Bob Babbage', 'bob@example.com', 'Admin'];

const errorOf = (rows: string[][]) => {
  const checked = checkOrganizationUserRows(rows);
  if (checked.ok) throw new Error('expected a refusal');
  return checked.error;
};

describe('checkOrganizationUserRows', () => {
  it('reads Name, Email, Permissions (headings and permissions in any case, emails lower-cased)', () => {
    const checked = checkOrganizationUserRows([
      ['name', 'EMAIL', 'permissions', 'Team'],
      ada,
      ['', '', ''],
      ['Cy', 'cy@example.com', 'simplified access-only', 'x'],
    ]);
    expect(checked).toEqual({
      ok: true,
      users: [
        { name: 'Ada Lovelace', email: 'ada@example.com', permission: 'Owner' },
        { name: 'Cy', email: 'cy@example.com', permission: 'Simplified Access-only' },
      ],
    });
  });

  it('refuses other headings with the header error of spec §8', () => {
    for (const header of [['Name', 'Email', 'Permission'], ['Email', 'Name', 'Permissions'], ['Name', 'Email'], []]) {
      const error = errorOf([header, ada]);
      expect(error.type).toBe('header');
      expect(error.message).toBe(
        "Organization user list not uploaded due to an invalid column heading. Please ensure that your list includes 'Name', 'Email' and 'Permissions' as the first three column headings",
      );
      expect(error.headerErrors).toEqual([error.message]);
    }
  });

  it('names the first duplicate, then how many other names/emails are duplicated', () => {
    const one = errorOf([HEAD, ada, bob, ['Ada Lovelace', 'other@example.com', 'Admin']]);
    expect(one.message).toBe('Organization list not uploaded. Ada Lovelace has been duplicated');
    expect(one.dataErrors.duplicates.names).toEqual([one.message]);

    const many = errorOf([
      HEAD,
      ada,
      bob,
      ada,
      bob,
      ['Cy', 'cy@example.com', 'Admin'],
      ['Cy', 'cy@example.com', 'Admin'],
    ]);
    expect(many.dataErrors.duplicates.names).toEqual([
      'Organization list not uploaded. Ada Lovelace has been duplicated',
      'and 2 other name(s)/email address(es) have been duplicated',
    ]);
    // Emails compare without case.
    expect(many.dataErrors.duplicates.emails[0]).toBe(
      'Organization list not uploaded. Ada@Example.com has been duplicated',
    );
  });

  it('lists every invalid email and reports blank cells', () => {
    const error = errorOf([
      HEAD,
      ada,
      ['X', 'not-an-email', 'Admin'],
      ['Y', 'y@', 'Admin'],
      ['', 'z@example.com', 'Admin'],
    ]);
    expect(error.type).toBe('data');
    expect(error.dataErrors.invalidEmails).toEqual([
      'not-an-email is not a valid email address',
      'y@ is not a valid email address',
    ]);
    expect(error.dataErrors.blanks).toEqual(['One or more cells that should have contained text were blank.']);
    expect(error.message).toBe('not-an-email is not a valid email address');

    expect(errorOf([HEAD, ['Ada', 'ada@example.com', '']]).message).toBe(ORG_USERS_MSG.blanks);
  });

  it('refuses an unknown permission with its sheet row (blank rows counted)', () => {
    expect(errorOf([HEAD, ada, ['', '', ''], ['Bo', 'bo@example.com', 'Editor']]).message).toBe(
      "Row 4: Permissions must be 'Owner', 'Admin' or 'Simplified Access-only'",
    );
  });

  it('refuses a list without rows, and one past the row limit as a size error', () => {
    expect(errorOf([HEAD]).message).toBe(ORG_USERS_MSG.noRows);
    const rows = Array.from({ length: ORG_USERS_LIMITS.maxRows + 1 }, (_, i) => [
      `P${i}`,
      `p${i}@example.com`,
      'Admin',
    ]);
    const error = errorOf([HEAD, ...rows]);
    expect(error.type).toBe('size');
    expect(error.sizeErrors).toEqual([ORG_USERS_MSG.tooManyRows]);
  });
});

describe('schemas', () => {
  const orgId = '7d1c3f1e-4a2b-4c3d-9e8f-0a1b2c3d4e5f';
  const modules = defaultModules(null);

  it('adds with a valid email and a known permission; modules optional, booleans strict', () => {
    expect(
      ZAddOrganizationUserInput.parse({ orgId, name: ' Ada ', email: 'ADA@example.com', permission: 'Admin' }),
    ).toEqual({
      orgId,
      name: 'Ada',
      email: 'ada@example.com',
      permission: 'Admin',
    });
    const bad = (input: object) =>
      ZAddOrganizationUserInput.safeParse({ orgId, name: 'Ada', email: 'a@b.co', permission: 'Admin', ...input });
    expect(bad({ email: 'nope' }).success).toBe(false);
    expect(bad({ permission: 'Editor' }).error?.issues[0]?.message).toBe(ORG_USERS_MSG.permissionInvalid);
    expect(bad({ name: '' }).error?.issues[0]?.message).toBe(ORG_USERS_MSG.nameRequired);
    expect(bad({ name: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(ORG_USERS_MSG.nameTooLong);
    expect(bad({ modules: { ...modules, surveys: { enabled: 'true' } } }).success).toBe(false);
    expect(bad({ orgId: 'x' }).success).toBe(false);
  });

  it('edits with every module named', () => {
    const base = { orgId, _id: orgId, permission: 'Owner', modules };
    expect(ZEditOrganizationUserInput.safeParse(base).success).toBe(true);
    const { meltwater: _, ...missing } = modules;
    expect(ZEditOrganizationUserInput.safeParse({ ...base, modules: missing }).success).toBe(false);
  });

  it('takes skipCheckForDeletedUsers as yes or no only', () => {
    expect(ZOrgUsersUploadFields.parse({ skipCheckForDeletedUsers: 'yes' })).toEqual({
      skipCheckForDeletedUsers: true,
    });
    expect(ZOrgUsersUploadFields.parse({ skipCheckForDeletedUsers: 'no' })).toEqual({
      skipCheckForDeletedUsers: false,
    });
    expect(ZOrgUsersUploadFields.parse({})).toEqual({ skipCheckForDeletedUsers: false });
    expect(ZOrgUsersUploadFields.safeParse({ skipCheckForDeletedUsers: 'true' }).success).toBe(false);
  });

  it('defaults modules per spec §6 and names the download', () => {
    const org = {
      modules: {
        networks: { enabled: true },
        surveys: { enabled: false },
        discover: { enabled: true },
        AONA: { enabled: true },
      },
    };
    expect(defaultModules(org)).toEqual({
      networks: { enabled: true },
      surveys: { enabled: false },
      passiveData: { enabled: false },
      meltwater: { enabled: false },
      AONA: { enabled: false },
      discover: { enabled: true },
    });
    expect(userListFileName('Acme')).toBe('Acme - User List.xlsx');
  });
});
