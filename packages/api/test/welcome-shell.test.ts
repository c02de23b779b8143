import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, organizations, responses, surveys } from '@tieline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';

// GET /responses/{id}: the welcome page painted into the HTML the server sends (first paint on a phone
// before the app's script arrives), only for a collecting survey's response not started yet.

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-shell-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tieline</title><div id="root"></div>');
  const respondent = mkdtempSync(join(tmpdir(), 'tieline-shell-r-'));
  writeFileSync(
    join(respondent, 'index.html'),
    '<!doctype html><title>Survey · Tieline</title><link rel="stylesheet" crossorigin href="/responses/assets/app.css"><div id="root"></div>',
  );
  mkdirSync(join(respondent, 'assets'));
  writeFileSync(join(respondent, 'assets', 'app.css'), '.btn{color:red}');
  app = await startTestApp({ smtp: false, staticDirs: { admin: dir, respondent } });
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

async function link(over: Partial<typeof surveys.$inferInsert> = {}, nodeName = 'Ada <b>Lovelace</b>') {
  const { db } = app.server.deps;
  const [survey] = await db
    .insert(surveys)
    .values({
      ownerId: owner.userId,
      name: 'Pulse & <Friends>',
      status: 'Collecting',
      welcomeMessage: '<p>Hello {firstName}, welcome {fullName}.</p>',
      ...over,
    })
    .returning();
  const [response] = await db.insert(responses).values({ surveyId: survey!.id, nodeName }).returning();
  return response!;
}
const page = async (id: string) => {
  const res = await fetch(`${app.url}/responses/${id}`);
  return { status: res.status, cache: res.headers.get('cache-control'), html: await res.text() };
};

describe('the painted welcome page', () => {
  it('writes the survey name and the merged welcome message (names escaped) and hides the app root', async () => {
    const r = await link();
    const { status, cache, html } = await page(r.randomUuid);
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(html).toContain('<title>Pulse &amp; &lt;Friends&gt; · Tieline</title>');
    expect(html).toContain('<div id="welcome-shell">');
    expect(html).toContain('<div id="root" hidden></div>');
    expect(html).toContain('<p>Hello Ada, welcome Ada &lt;b&gt;Lovelace&lt;/b&gt;.</p>');
    expect(html).not.toContain('<b>Lovelace</b>');
  });

  it('carries the stylesheet in the page (no request before the first paint) and is compressed', async () => {
    const r = await link();
    const res = await fetch(`${app.url}/responses/${r.randomUuid}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const html = await res.text();
    expect(html).toContain('<style>.btn{color:red}</style>');
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain('<div id="welcome-shell">');
    const plain = await fetch(`${app.url}/responses/${r.randomUuid}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<style>.btn{color:red}</style>');
  });

  it("paints a whitelabelled organization's logo in place of the product icon, and titles without ours", async () => {
    const member = await seedUser(app, 'owner');
    const logo = crypto.randomUUID();
    await app.server.deps.db
      .update(organizations)
      .set({ logos: { whiteLogoUUID: logo } })
      .where(eq(organizations.id, member.organizationId!));
    const plain = await page((await link()).randomUuid);
    expect(plain.html).toContain('<svg viewBox="0 0 32 32"');
    const branded = await page((await link({ ownerId: member.userId })).randomUuid);
    expect(branded.html).toContain(`<img src="/api/base/logos/${logo}" alt="Organization logo"`);
    expect(branded.html).not.toContain('<svg viewBox="0 0 32 32"');
    expect(branded.html).toContain('<title>Pulse &amp; &lt;Friends&gt;</title>');
  });

  it('sends the plain page for unknown, submitted, started (they resume mid-survey), offline and completed links', async () => {
    const submitted = await link();
    await app.server.deps.db
      .update(responses)
      .set({ submitted: new Date(), status: 'Submitted' })
      .where(eq(responses.id, submitted.id));
    const started = await link();
    await app.server.deps.db
      .update(responses)
      .set({ started: new Date(), status: 'Started' })
      .where(eq(responses.id, started.id));
    const plain = [
      crypto.randomUUID(),
      'not-a-uuid',
      submitted.randomUuid,
      started.randomUuid,
      (await link({ status: 'Offline' })).randomUuid,
      (await link({ status: 'Completed' })).randomUuid,
    ];
    for (const id of plain) {
      const { status, html } = await page(id);
      expect(status, id).toBe(200);
      expect(html, id).toContain('<div id="root"></div>');
      expect(html, id).not.toContain('welcome-shell');
    }
  });
});
