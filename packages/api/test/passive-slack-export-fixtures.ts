import { eq, organizations, rowsOf, sql, users } from '@tieline/db';
import { MODULES, type TModules } from '@tieline/validation';
import { ZipFile } from 'yazl';
import { randomAddress, type SeededUser, seedUser, type TestApp } from './helpers';

// Shared by the Slack export tests: zips made by hand, an owner with the passiveData module, the
// upload as the admin app sends it, and the stored interactions in a comparable form.

/** A zip of the given files: JSON values are serialized, Buffers stored as they are. */
export function zipOf(files: Record<string, unknown>, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, value] of Object.entries(files)) {
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value));
    zip.addBuffer(bytes, name, { compress: opts.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const allModules = Object.fromEntries(MODULES.map((m) => [m, { enabled: true }])) as TModules;

/** A seeded user whose organization and self have every module (passiveData is off by default). */
export async function passiveUser(app: TestApp, role: 'owner' | 'admin' | 'simplified' | 'individual' = 'owner') {
  const user = await seedUser(app, role);
  const { db } = app.server.deps;
  await db.update(users).set({ modules: allModules }).where(eq(users.id, user.userId));
  if (user.organizationId)
    await db.update(organizations).set({ modules: allModules }).where(eq(organizations.id, user.organizationId));
  return user;
}

/** A member of `owner`'s organization with the passiveData module (not a manager). */
export async function memberOf(app: TestApp, owner: SeededUser) {
  const member = await seedUser(app, 'simplified');
  await app.server.deps.db
    .update(users)
    .set({ modules: allModules, organizationId: owner.organizationId })
    .where(eq(users.id, member.userId));
  return member;
}

/** POST connections/slackExport as the admin app sends it (multipart name, optional fieldLabels, file). */
export async function uploadExport(
  app: TestApp,
  user: Pick<SeededUser, 'cookie'> | null,
  zip: Buffer | null,
  name: string | null = 'Acme Slack',
  fieldLabels?: string,
) {
  const form = new FormData();
  if (name !== null) form.append('name', name);
  if (fieldLabels !== undefined) form.append('fieldLabels', fieldLabels);
  if (zip) form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'export.zip');
  const res = await fetch(`${app.url}/api/base/passiveData/connections/slackExport`, {
    method: 'POST',
    headers: { origin: app.url, 'x-forwarded-for': randomAddress(), ...(user ? { cookie: user.cookie } : {}) },
    body: form,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** The connection's interactions as `type from->to @conversation` lines (people by email), sorted. */
export async function interactionLines(app: TestApp, connectionId: string): Promise<string[]> {
  const rows = rowsOf<{ type: string; f: string; t: string; conversation: string; recipients: number }>(
    await app.server.deps.db.execute(sql`
      select i.type, f.email as f, t.email as t, i.conversation, i.recipients
      from passive_interactions i
      join passive_people f on f.id = i.from_id join passive_people t on t.id = i.to_id
      where i.connection_id = ${connectionId}::uuid`),
  );
  return rows.map((r) => `${r.type} ${r.f}->${r.t} @${r.conversation}`).sort();
}

export async function connectionRow(app: TestApp, id: string) {
  const [row] = rowsOf<Record<string, unknown>>(
    await app.server.deps.db.execute(sql`
      select status, progress, error, people_count, interaction_count::int as interaction_count, external_id,
        upload_key, account_id
      from passive_connections where id = ${id}::uuid`),
  );
  return row!;
}
