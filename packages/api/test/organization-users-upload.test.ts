import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { eq, surveys, tempUsers, users } from '@tieline/db';
import { MSG, ORG_USERS_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, randomAddress, seedUser, startTestApp, type TestApp } from './helpers';
import { upload, xlsx } from './lists-fixtures';
import { asUser, contentOf, loneLogin, memberOf } from './organization-users-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const HEAD = ['Name', 'Email', 'Permissions'];
const path = (orgId: string) => `/organizations/users/upload/${orgId}`;
async function download(cookie: string, orgId: string) {
  const res = await fetch(`${app.url}/api/base/organizations/users/download/${orgId}`, {
    headers: { cookie, 'x-forwarded-for': randomAddress() },
  });
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}
const emptyData = { duplicates: { names: [], emails: [] }, invalidEmails: [], blanks: [] };
const payload = (type: string, message: string, parts: object = {}) => ({
  type,
  message,
  sizeErrors: [],
  headerErrors: [],
  dataErrors: emptyData,
  billingAndDeletionResult: [],
  deletedUserEmails: [],
  deletedNodesNames: [],
  ...parts,
});

describe('refused uploads (nothing changes)', () => {
  it('answers every message of spec §5 and §8 in the upload error payload', async () => {
    const owner = await seedUser(app, 'owner');
    const me = [owner.email.toUpperCase(), owner.email, 'Owner'];
    const send = (rows: unknown[][]) => upload(app, owner.cookie, path(owner.organizationId!), xlsx(rows));

    const header = await send([['Name', 'Email', 'Permission'], me]);
    expect(header).toEqual({
      status: 400,
      body: payload('header', ORG_USERS_MSG.header, { headerErrors: [ORG_USERS_MSG.header] }),
    });

    const duplicated = await send([
      HEAD,
      me,
      ['Ada', 'ada@example.com', 'Admin'],
      ['Ada', 'ADA@example.com', 'Admin'],
      ['Bo', 'bo@example.com', 'Admin'],
      ['Bo', 'bo2@example.com', 'Admin'],
    ]);
    expect(duplicated.status).toBe(400);
    expect(duplicated.body.message).toBe('Organization list not uploaded. Ada has been duplicated');
    expect(duplicated.body.dataErrors.duplicates).toEqual({
      names: [
        'Organization list not uploaded. Ada has been duplicated',
        'and 1 other name(s)/email address(es) have been duplicated',
      ],
      emails: ['Organization list not uploaded. ADA@example.com has been duplicated'],
    });

    const invalid = await send([HEAD, me, ['Ada', 'ada at example', 'Admin']]);
    expect(invalid).toEqual({
      status: 400,
      body: payload('data', 'ada at example is not a valid email address', {
        dataErrors: { ...emptyData, invalidEmails: ['ada at example is not a valid email address'] },
      }),
    });

    const blank = await send([HEAD, me, ['Ada', '', 'Admin']]);
    expect(blank.body).toEqual(
      payload('data', 'One or more cells that should have contained text were blank.', {
        dataErrors: { ...emptyData, blanks: ['One or more cells that should have contained text were blank.'] },
      }),
    );

    const permission = await send([HEAD, me, ['Ada', 'ada@example.com', 'Editor']]);
    expect(permission.body.message).toBe(ORG_USERS_MSG.permission(3));

    const garbage = await upload(
      app,
      owner.cookie,
      path(owner.organizationId!),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
    );
    expect(garbage).toEqual({ status: 400, body: payload('format', 'Processing the excel file. Incorrect format.') });

    const none = await upload(app, owner.cookie, path(owner.organizationId!), null);
    expect(none.body.message).toBe(ORG_USERS_MSG.fileMissing);

    const flag = await upload(app, owner.cookie, path(owner.organizationId!), xlsx([HEAD, me]), {
      skipCheckForDeletedUsers: 'true',
    });
    expect(flag).toEqual({ status: 400, body: payload('format', ORG_USERS_MSG.badUploadForm) });

    const big = await upload(app, owner.cookie, path(owner.organizationId!), Buffer.alloc(2 * 1024 * 1024 + 1, 65));
    expect(big.status).toBe(413);
    expect(big.body.sizeErrors).toEqual([ORG_USERS_MSG.fileTooLarge]);

    const list = await asUser(app, owner).get(`/organizations/users/${owner.organizationId}`);
    expect(list.body).toHaveLength(1);
  });

  it('refuses a list that leaves no Owner with a login', async () => {
    const owner = await seedUser(app, 'owner');
    const res = await upload(
      app,
      owner.cookie,
      path(owner.organizationId!),
      xlsx([HEAD, ['Me', owner.email, 'Admin'], ['New', newAccount().email, 'Owner']]),
    );
    expect(res).toMatchObject({ status: 400, body: { message: ORG_USERS_MSG.lastOwner } });
    const [row] = await app.server.deps.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row!.permission).toBe('Owner');
    expect(
      await app.server.deps.db.select().from(tempUsers).where(eq(tempUsers.organizationId, owner.organizationId!)),
    ).toEqual([]);
  });

  it('refuses non-owners (403), other organizations and malformed ids (404), anonymous callers (401)', async () => {
    const owner = await seedUser(app, 'owner');
    const file = xlsx([HEAD, ['Me', owner.email, 'Owner']]);
    for (const permission of ['Admin', 'Simplified Access-only'] as const) {
      const member = await memberOf(app, owner, permission);
      expect(await upload(app, member.cookie, path(owner.organizationId!), file)).toEqual({
        status: 403,
        body: { message: MSG.forbidden, code: 'FORBIDDEN' },
      });
    }
    const individual = await seedUser(app, 'individual');
    expect((await upload(app, individual.cookie, path(owner.organizationId!), file)).status).toBe(403);
    const other = await seedUser(app, 'owner');
    for (const id of [owner.organizationId!, randomUUID(), 'not-an-id']) {
      expect(await upload(app, other.cookie, path(id), file)).toEqual({
        status: 404,
        body: { message: MSG.notFound, code: 'NOT_FOUND' },
      });
    }
    expect((await upload(app, '', path(owner.organizationId!), file)).status).toBe(401);
  });
});

describe('an upload that replaces the list', () => {
  it('asks to confirm deletions with 409 and deletedUserEmails, then applies them with skip=yes', async () => {
    const owner = await seedUser(app, 'owner');
    const org = owner.organizationId!;
    const leaving = await memberOf(app, owner, 'Admin');
    const staying = await memberOf(app, owner, 'Simplified Access-only');
    const { surveyId } = await contentOf(app, leaving);
    const lone = await loneLogin(app);
    const invitee = newAccount('invitee');
    const rows = [
      HEAD,
      ['Me', owner.email, 'Owner'],
      ['Staying', staying.email, 'admin'],
      ['Lone', lone.email, 'Simplified Access-only'],
      [invitee.name, invitee.email, 'Admin'],
    ];

    const refused = await upload(app, owner.cookie, path(org), xlsx(rows));
    expect(refused).toEqual({
      status: 409,
      body: payload('deletion', ORG_USERS_MSG.usersDeleted, { deletedUserEmails: [leaving.email] }),
    });
    expect((await asUser(app, owner).get(`/organizations/users/${org}`)).body).toHaveLength(3);

    const done = await upload(app, owner.cookie, path(org), xlsx(rows), { skipCheckForDeletedUsers: 'yes' });
    expect(done.status).toBe(200);
    const byEmail = Object.fromEntries(done.body.map((u: { email: string }) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual([owner.email, staying.email, lone.email, invitee.email].sort());
    expect(byEmail[staying.email]).toMatchObject({ permission: 'Admin', invited: false });
    expect(byEmail[lone.email]).toMatchObject({
      permission: 'Simplified Access-only',
      invited: false,
      name: lone.name,
    });
    expect(byEmail[invitee.email]).toMatchObject({ permission: 'Admin', invited: true, name: invitee.name });
    // The deleted member's content went with them; the promoted member was signed out.
    const { db } = app.server.deps;
    expect(await db.select().from(surveys).where(eq(surveys.id, surveyId))).toEqual([]);
    expect((await asUser(app, staying).get('/users/me')).status).toBe(401);
    expect(await app.linkFor(invitee.email, '/signup/')).toMatch(/^\/signup\/[a-z2-7]+$/);

    // The same file again changes nothing and invites nobody twice.
    await app.flushMail();
    const mails = app.inbox.length;
    const again = await upload(app, owner.cookie, path(org), xlsx(rows));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(done.body);
    await app.flushMail();
    expect(app.inbox.length).toBe(mails);
  });
});

describe('the download', () => {
  it("is '{organization name} - User List' with sheet 'Users': Name, Email, Permissions, formulas neutralized", async () => {
    const owner = await seedUser(app, 'owner');
    const org = owner.organizationId!;
    await asUser(app, owner).call('PUT', `/api/base/organizations/users/${org}`, {
      name: '=HYPERLINK("http://x")',
      email: 'formula@example.com',
      permission: 'Admin',
    });
    const res = await download(owner.cookie, org);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.disposition.split("''")[1]!)).toMatch(/^Org of .+ - User List\.xlsx$/);
    const book = XLSX.read(res.bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Users']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Users!, { header: 1 });
    expect(rows[0]).toEqual(HEAD);
    expect(rows).toContainEqual([expect.any(String), owner.email, 'Owner']);
    // Written as text in a Text-formatted cell: kept as typed, never run as a formula.
    const at = rows.findIndex((r) => r[1] === 'formula@example.com');
    const cell = book.Sheets.Users![`A${at + 1}`]!;
    expect(cell).toMatchObject({ t: 's', v: '=HYPERLINK("http://x")' });
    expect(cell.f).toBeUndefined();

    // The download uploads back unchanged.
    const back = await upload(app, owner.cookie, `/organizations/users/upload/${org}`, res.bytes);
    expect(back.status).toBe(200);
    expect(back.body).toHaveLength(2);

    const other = await seedUser(app, 'owner');
    expect((await download(other.cookie, org)).status).toBe(404);
    const admin = await memberOf(app, owner, 'Admin');
    expect((await download(admin.cookie, org)).status).toBe(403);
    expect((await download('', org)).status).toBe(401);
  });
});

describe('the file field', () => {
  // Spec §2 names the field `users`; the admin app sent `file` before, and both stay accepted.
  const send = async (owner: { cookie: string; organizationId?: string | null }, field: string, bytes: Buffer) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), 'users.xlsx');
    const res = await fetch(`${app.url}/api/base${path(owner.organizationId!)}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'x-forwarded-for': randomAddress() },
      body: form,
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
    return { status: res.status, body: (await res.json()) as any };
  };

  it('is users or file; another name is refused with a message naming both', async () => {
    const owner = await seedUser(app, 'owner');
    const member = newAccount('member');
    const rows = [HEAD, ['Me', owner.email, 'Owner'], [member.name, member.email, 'Admin']];

    const asUsers = await send(owner, 'users', xlsx(rows));
    expect(asUsers.status).toBe(200);
    expect(asUsers.body.map((u: { email: string }) => u.email).sort()).toEqual([owner.email, member.email].sort());
    const asFile = await send(owner, 'file', xlsx(rows.slice(0, 2)));
    // The member is missing from this file: asked to confirm, which proves the file was read.
    expect(asFile).toEqual({
      status: 409,
      body: payload('deletion', ORG_USERS_MSG.usersDeleted, { deletedUserEmails: [member.email] }),
    });

    const wrong = await send(owner, 'list', xlsx(rows));
    expect(wrong).toEqual({ status: 400, body: payload('format', ORG_USERS_MSG.wrongFileField('list')) });
    expect(wrong.body.message).toBe(
      'Send the file in the form field “users” (or “file”); this form sent it as “list”.',
    );
    // Nothing changed.
    expect((await asUser(app, owner).get(`/organizations/users/${owner.organizationId}`)).body).toHaveLength(2);
  });
});
