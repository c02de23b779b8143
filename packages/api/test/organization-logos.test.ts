import { eq, organizations, surveys, testEmails, users } from '@tieline/db';
import { LOGO_BASE_PATH, MSG, ORGANIZATION_LOGO_LIMITS, ORGANIZATION_LOGO_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { logoStorageKey } from '../src/services/organization-logos/upload-logo';
import { defaultModules } from '../src/services/users/user-wire';
import {
  RestClient,
  randomAddress,
  rawRequest,
  type SeededUser,
  seedUser,
  startTestApp,
  type TestApp,
} from './helpers';
import { CORRUPT_IMAGES, jpeg, png } from './image-fixtures';
import { seedSurvey } from './lists-fixtures';

let app: TestApp;
let owner: SeededUser;
let otherOwner: SeededUser;
let individual: SeededUser;
/** An Admin (not the owner) of owner's organization. */
let colleague: { cookie: string };
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  [owner, otherOwner, individual] = await Promise.all([
    seedUser(app, 'owner'),
    seedUser(app, 'owner'),
    seedUser(app, 'individual'),
  ]);
  const { db } = app.server.deps;
  const [member] = await db
    .insert(users)
    .values({
      userLoginId: individual.loginId,
      organizationId: owner.organizationId,
      permission: 'Admin',
      modules: defaultModules(),
    })
    .returning();
  const { token } = await createSession(db, individual.loginId, member!.id);
  colleague = { cookie: `${SESSION_COOKIE}=${token}` };
});
afterAll(() => app.close());

type Upload = { file?: Buffer | null; logoType?: string; fileType?: string; name?: string; orgId?: string };

async function postLogo(cookie: string, opts: Upload = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (opts.logoType !== '') form.set('logoType', opts.logoType ?? 'whiteLogo');
  if (opts.fileType !== '') form.set('fileType', opts.fileType ?? 'image/png');
  const file = opts.file === undefined ? png(120, 40) : opts.file;
  if (file) form.set('file', new Blob([new Uint8Array(file)]), opts.name ?? 'logo.png');
  const res = await fetch(`${app.url}/api/base/organizations/logos/${opts.orgId ?? owner.organizationId}`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: app.url, 'x-forwarded-for': randomAddress(), ...headers },
  });
  const body = (await res.json()) as { message?: string; logos?: Record<string, string> };
  return { status: res.status, body };
}

const served = (uuid: string) => rawRequest(app.url, { path: `${LOGO_BASE_PATH}${uuid}` });

async function configOf(cookie = '') {
  const client = new RestClient(app.url);
  client.cookie = cookie;
  return (await client.get('/getConfig')).body as { logos: Record<string, string>; logoBaseUrl: string };
}

describe('POST organizations/logos/{orgId}', () => {
  it('stores the whitelabel logo and favicon, answers the logos and serves them with safe, long-lived headers', async () => {
    const logo = png(160, 48);
    const up = await postLogo(owner.cookie, { file: logo });
    expect(up.status).toBe(200);
    const logoUUID = up.body.logos?.whiteLogoUUID;
    expect(logoUUID).toMatch(/^[0-9a-f-]{36}$/);

    // The declared type is not trusted: a JPEG sent as image/png is stored and served as a JPEG.
    const favicon = jpeg(32, 32);
    const fav = await postLogo(owner.cookie, { file: favicon, logoType: 'whiteFavicon', fileType: 'image/png' });
    expect(fav.status).toBe(200);
    expect(fav.body.logos).toEqual({ whiteLogoUUID: logoUUID, whiteFaviconUUID: expect.any(String) });

    const got = await served(logoUUID!);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'");
    const bytes = await fetch(`${app.url}${LOGO_BASE_PATH}${logoUUID}`).then((r) => r.arrayBuffer());
    expect(Buffer.from(bytes).equals(logo)).toBe(true);
    expect((await served(fav.body.logos!.whiteFaviconUUID!)).headers['content-type']).toBe('image/jpeg');
  });

  it('removes the replaced file, keeps the other logo type and stores only the newest UUID', async () => {
    const first = await postLogo(owner.cookie, { file: png(10, 10) });
    const second = await postLogo(owner.cookie, { file: jpeg(24, 8), fileType: 'image/jpeg', name: 'logo.jpg' });
    expect(second.status).toBe(200);
    const oldUUID = first.body.logos!.whiteLogoUUID!;
    const newUUID = second.body.logos!.whiteLogoUUID!;
    expect(newUUID).not.toBe(oldUUID);
    expect(second.body.logos!.whiteFaviconUUID).toBe(first.body.logos!.whiteFaviconUUID);
    expect(await app.server.deps.storage.get(logoStorageKey(oldUUID))).toBeNull();
    expect(await served(oldUUID)).toMatchObject({ status: 404, body: { message: ORGANIZATION_LOGO_MSG.logoNotFound } });
    expect((await served(newUUID)).status).toBe(200);
    const [row] = await app.server.deps.db
      .select({ logos: organizations.logos })
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId!));
    expect(row!.logos.whiteLogoUUID).toBe(newUUID);
  });

  it.each([
    ['a text file named .png', { file: Buffer.from('hello, I am not a picture'), name: 'evil.png' }],
    ['an SVG', { file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), name: 'a.svg' }],
    ['a GIF', { file: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), name: 'a.gif' }],
    ...CORRUPT_IMAGES.map(([name, file]): [string, Upload] => [name, { file }]),
  ])('refuses %s whatever it claims to be', async (_, upload) => {
    expect(await postLogo(owner.cookie, upload)).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.fileType, code: 'BAD_REQUEST' },
    });
  });

  it('refuses images too large in bytes or in pixels, and an upload without a file', async () => {
    const huge = Buffer.concat([png(1, 1), Buffer.alloc(ORGANIZATION_LOGO_LIMITS.maxBytes)]);
    expect(await postLogo(owner.cookie, { file: huge })).toEqual({
      status: 413,
      body: { message: ORGANIZATION_LOGO_MSG.tooLarge, code: 'PAYLOAD_TOO_LARGE' },
    });
    const wide = ORGANIZATION_LOGO_LIMITS.maxDimension + 1;
    expect(await postLogo(owner.cookie, { file: png(wide, 1) })).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.dimensions, code: 'BAD_REQUEST' },
    });
    expect(await postLogo(owner.cookie, { file: jpeg(8, wide), fileType: 'image/jpeg' })).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.dimensions, code: 'BAD_REQUEST' },
    });
    expect(await postLogo(owner.cookie, { file: null })).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.fileRequired, code: 'BAD_REQUEST' },
    });
  });

  it('validates the logo type and the declared file type', async () => {
    expect(await postLogo(owner.cookie, { logoType: 'blackLogo' })).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.logoType, code: 'BAD_REQUEST' },
    });
    expect(await postLogo(owner.cookie, { logoType: '' })).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.logoType, code: 'BAD_REQUEST' },
    });
    expect(await postLogo(owner.cookie, { fileType: 'image/svg+xml' })).toEqual({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.declaredType, code: 'BAD_REQUEST' },
    });
  });

  it('is for the owner of that organization only; other organizations answer 404', async () => {
    const before = await configOf(owner.cookie);
    expect(await postLogo('')).toEqual({ status: 401, body: { message: MSG.notSignedIn, code: 'UNAUTHORIZED' } });
    expect(await postLogo(colleague.cookie)).toEqual({
      status: 403,
      body: { message: ORGANIZATION_LOGO_MSG.notOwner, code: 'FORBIDDEN' },
    });
    expect(await postLogo(otherOwner.cookie)).toEqual({
      status: 404,
      body: { message: ORGANIZATION_LOGO_MSG.organizationNotFound, code: 'NOT_FOUND' },
    });
    expect(await postLogo(owner.cookie, { orgId: otherOwner.organizationId! })).toEqual({
      status: 404,
      body: { message: ORGANIZATION_LOGO_MSG.organizationNotFound, code: 'NOT_FOUND' },
    });
    expect(await postLogo(individual.cookie, { orgId: crypto.randomUUID() })).toMatchObject({ status: 404 });
    expect(await postLogo(owner.cookie, { orgId: 'not-an-id' })).toMatchObject({ status: 404 });
    // A cross-site form post with the owner's cookie is refused before it is read.
    expect((await postLogo(owner.cookie, {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await configOf(owner.cookie)).toMatchObject({ logos: before.logos });
  });

  it('serves nothing for unknown or malformed logo ids', async () => {
    expect((await served(crypto.randomUUID())).status).toBe(404);
    expect((await rawRequest(app.url, { path: `${LOGO_BASE_PATH}..%2F..%2Fpglite` })).status).toBe(404);
  });
});

describe('whitelabelling shown', () => {
  it("getConfig answers the signed-in user's organization's logos, none to anonymous or individual callers", async () => {
    const mine = await configOf(owner.cookie);
    expect(mine.logoBaseUrl).toBe(LOGO_BASE_PATH);
    expect(mine.logos.whiteLogoUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect((await configOf(colleague.cookie)).logos).toEqual(mine.logos);
    expect((await configOf()).logos).toEqual({});
    expect((await configOf(individual.cookie)).logos).toEqual({});
    expect((await configOf(otherOwner.cookie)).logos).toEqual({});
  });

  it("respondents see the survey's organization's logo and favicon; other organizations' surveys show none", async () => {
    const { db } = app.server.deps;
    const { logos } = await configOf(owner.cookie);
    const surveyId = await seedSurvey(app, owner);
    await db.update(surveys).set({ hasOpenLink: true }).where(eq(surveys.id, surveyId));
    const start = await rawRequest(app.url, { path: `/api/base/responses/start/${surveyId}` });
    expect(start.body).toMatchObject({
      organizationLogoURL: `${LOGO_BASE_PATH}${logos.whiteLogoUUID}`,
      organizationFaviconURL: `${LOGO_BASE_PATH}${logos.whiteFaviconUUID}`,
    });
    const [test] = await db.insert(testEmails).values({ surveyId, to: 'someone@example.com' }).returning();
    const viaTestLink = await rawRequest(app.url, { path: `/api/base/surveys/byTestEmailId/${test!.id}` });
    expect(viaTestLink.body).toMatchObject({ organizationLogoURL: `${LOGO_BASE_PATH}${logos.whiteLogoUUID}` });

    const plain = await seedSurvey(app, individual);
    const [other] = await db.insert(testEmails).values({ surveyId: plain, to: 'someone@example.com' }).returning();
    const unbranded = await rawRequest(app.url, { path: `/api/base/surveys/byTestEmailId/${other!.id}` });
    expect(unbranded.body).toMatchObject({ organizationLogoURL: null, organizationFaviconURL: null });
  });
});

describe('DELETE organizations/logos/{orgId}/{logoType}', () => {
  const remove = (cookie: string, orgId: string | undefined, logoType: string) => {
    const client = new RestClient(app.url);
    client.cookie = cookie;
    return client.call('DELETE', `/api/base/organizations/logos/${orgId}/${logoType}`, undefined, { origin: app.url });
  };

  it('goes back to the product logo: the key and the file are gone, the favicon stays; twice is harmless', async () => {
    const logo = await postLogo(owner.cookie, { logoType: 'whiteLogo' });
    const icon = await postLogo(owner.cookie, { logoType: 'whiteFavicon' });
    const uuid = logo.body.logos!.whiteLogoUUID!;
    const removed = await remove(owner.cookie, owner.organizationId!, 'whiteLogo');
    expect(removed).toMatchObject({
      status: 200,
      body: { logos: { whiteFaviconUUID: icon.body.logos!.whiteFaviconUUID } },
    });
    expect(removed.body.logos.whiteLogoUUID).toBeUndefined();
    expect(await app.server.deps.storage.get(logoStorageKey(uuid))).toBeNull();
    expect((await served(uuid)).status).toBe(404);
    expect((await configOf(owner.cookie)).logos.whiteLogoUUID).toBeUndefined();
    expect((await remove(owner.cookie, owner.organizationId!, 'whiteLogo')).status).toBe(200);
  });

  it("refuses another organization's id (404), a member who is not the owner (403) and a bad logo type (400)", async () => {
    await postLogo(otherOwner.cookie, { orgId: otherOwner.organizationId! });
    expect(await remove(owner.cookie, otherOwner.organizationId!, 'whiteLogo')).toMatchObject({
      status: 404,
      body: { message: ORGANIZATION_LOGO_MSG.organizationNotFound, code: 'NOT_FOUND' },
    });
    expect((await configOf(otherOwner.cookie)).logos.whiteLogoUUID).toBeDefined();
    expect(await remove(colleague.cookie, owner.organizationId!, 'whiteLogo')).toMatchObject({
      status: 403,
      body: { message: MSG.forbidden, code: 'FORBIDDEN' },
    });
    expect(await remove(owner.cookie, owner.organizationId!, 'banner')).toMatchObject({
      status: 400,
      body: { message: ORGANIZATION_LOGO_MSG.logoType, code: 'BAD_REQUEST' },
    });
  });
});
