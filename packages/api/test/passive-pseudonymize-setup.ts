// What the pseudonymization tests share: a Slack export of known people (titles and departments held
// by many, by few and by one) imported through the real upload and job worker, a query run twice over
// it (two kept versions), a copy of its network, a list by address, and a network uploaded by hand
// (names with addresses, not passive data). Also: every place a name or address could still be read.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { eq, networks, rowsOf, sql } from '@tieline/db';
import { NETWORK_EXPORT_TYPES } from '@tieline/validation';
import { expect } from 'vitest';
import { type ExportPerson, writeSlackExport } from '../src/connectors/slack/generate-export';
import { RestClient, type SeededUser, type TestApp } from './helpers';
import { download } from './lists-fixtures';
import { seedNetwork, smallNetwork } from './networks-setup';
import { passiveUser, uploadExport } from './passive-slack-export-fixtures';

const person = (name: string, title: string, department: string): ExportPerson => ({
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@contoso.test`,
  title,
  department,
});

/** 7 engineers, 5 account managers, 1 chief executive (a title and a department held by one). */
export const PEOPLE: ExportPerson[] = [
  person('Ann Archer', 'Engineer', 'Engineering'),
  person('Bob Baker', 'Engineer', 'Engineering'),
  person('Cat Carter', 'Engineer', 'Engineering'),
  person('Dan Dalton', 'Engineer', 'Engineering'),
  person('Eve Easton', 'Engineer', 'Engineering'),
  person('Fay Fisher', 'Engineer', 'Engineering'),
  person('Gus Garner', 'Engineer', 'Engineering'),
  person('Hal Hughes', 'Account manager', 'Sales'),
  person('Ivy Irving', 'Account manager', 'Sales'),
  person('Jon Jarvis', 'Account manager', 'Sales'),
  person('Kim Keller', 'Account manager', 'Sales'),
  person('Lou Lawson', 'Account manager', 'Sales'),
  person('Max Monroe', 'Chief executive', 'Board'),
];
/** Excluded in the same save that switches pseudonymization on. */
export const EXCLUDED = 'dan.dalton@contoso.test';

/** Every name and address of the people imported: none may be readable after the conversion. */
export const SECRETS = PEOPLE.flatMap((p) => [p.name, p.email]);

export const QUERY = {
  name: 'Collaboration',
  sources: ['slack'],
  types: ['reply', 'mention', 'reaction', 'directMessage'],
  minInteractions: 1,
  attributes: ['title', 'Department'],
};

export function clientOf(app: TestApp, user: SeededUser) {
  const client = new RestClient(app.url);
  client.cookie = user.cookie;
  return client;
}

/** Writes the export of PEOPLE (ten recent days, so within the retention) and imports it. */
export async function importPeople(app: TestApp, owner: SeededUser) {
  const zip = join(await mkdtemp(join(tmpdir(), 'tieline-pseudo-')), 'export.zip');
  const start = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const { fieldLabels } = await writeSlackExport(zip, {
    seed: 11,
    people: PEOPLE,
    channels: 3,
    dms: 12,
    mpims: 3,
    start,
    days: 10,
    messagesPerDay: 80,
  });
  const res = await uploadExport(app, owner, await readFile(zip), 'Acme Slack', JSON.stringify(fieldLabels));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await app.server.worker.drain();
  expect((await clientOf(app, owner).get(`/passiveData/connections/${res.body._id}`)).body).toMatchObject({
    status: 'done',
    people: PEOPLE.length,
  });
}

export interface Imported {
  owner: SeededUser;
  api: RestClient;
  queryId: string;
  networkId: string;
  copyId: string;
  uploadId: string;
  listId: string;
}

/** The owner's account with everything pseudonymization has to reach, made as users make it. */
export async function imported(app: TestApp): Promise<Imported> {
  const owner = await passiveUser(app);
  const api = clientOf(app, owner);
  await importPeople(app, owner);
  const query = await api.post('/passiveData/queries', QUERY);
  expect(query.status, JSON.stringify(query.body)).toBe(200);
  for (let run = 0; run < 2; run++) {
    expect((await api.post(`/passiveData/queries/${query.body._id}/run`)).status).toBe(202);
    await app.server.worker.drain();
  }
  const networkId = (await api.get(`/passiveData/queries/${query.body._id}`)).body.networkId as string;
  expect(networkId).toBeTruthy();
  const copy = await api.post(`/networks/${networkId}/duplicate`);
  expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  const copyId = copy.body._id as string;
  // A copy carries its origin (networks.passive_account_id) where copying sets it; set as it would be.
  const [origin] = await app.server.deps.db
    .select({ account: networks.passiveAccountId })
    .from(networks)
    .where(eq(networks.id, networkId));
  await app.server.deps.db.update(networks).set({ passiveAccountId: origin!.account }).where(eq(networks.id, copyId));
  const upload = await seedNetwork(app, owner, 'Survey of advice', {
    ...smallNetwork(),
    nodes: [
      { name: 'Ann Archer (ann.archer@contoso.test)', attributes: { Team: 'Red' } },
      { name: 'Bob Baker', attributes: { Team: 'Red' } },
      { name: 'Max Monroe', attributes: { Team: 'Blue' } },
    ],
  });
  const list = await api.post('/passiveData/lists', {
    name: 'Leads',
    emails: [PEOPLE[0]!.email, PEOPLE[12]!.email, 'not.found.yet@contoso.test'],
  });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return { owner, api, queryId: query.body._id, networkId, copyId, uploadId: upload.id, listId: list.body._id };
}

/** Every kept version of a network, as stored. */
export async function versionsOf(app: TestApp, networkId: string): Promise<{ version: number; data: string }[]> {
  return rowsOf<{ version: number; data: string }>(
    await app.server.deps.db.execute(sql`
      select v.version, v.data from network_versions v where v.network_id = ${networkId}::uuid order by v.version`),
  );
}

/** The network as every reader gets it: the data API and each export format, as text. */
export async function everyExport(app: TestApp, api: RestClient, owner: SeededUser, networkId: string) {
  const texts: string[] = [JSON.stringify((await api.get(`/networks/${networkId}/data`)).body)];
  for (const type of NETWORK_EXPORT_TYPES) {
    const file = await download(app, owner.cookie, `/networks/${networkId}/export/${type}?metrics=false`);
    expect(file.status, type).toBe(200);
    if (type !== 'excel') texts.push(file.bytes.toString('utf8'));
    else {
      const book = XLSX.read(file.bytes);
      for (const name of book.SheetNames) texts.push(XLSX.utils.sheet_to_csv(book.Sheets[name]!));
    }
  }
  return texts.join('\n');
}

/** The secrets (names, addresses) found in `text`, case ignored. */
export const secretsIn = (text: string, secrets: readonly string[] = SECRETS) =>
  secrets.filter((s) => text.toLowerCase().includes(s.toLowerCase()));

/** Every file under `dir`, read as bytes. */
export async function filesWith(dir: string, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const bytes = needles.map((n) => Buffer.from(n));
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const content = await readFile(path);
    for (const [i, b] of bytes.entries()) if (content.includes(b)) found.push(`${path}: ${needles[i]}`);
  }
  return found;
}
