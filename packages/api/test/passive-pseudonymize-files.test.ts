// The grep test (issue 35, finding 3): the embedded database in files, as the server opens it from
// DATA_DIR, holds the imported people's names and addresses after an import; after pseudonymization
// and a clean close, no file under the data directory holds any of them (tables, indexes, the
// write-ahead log). See compactRewritten in services/passive-data/pseudonymize-run.ts.
import { join } from 'node:path';
import { sql } from '@tieline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';
import { clientOf, filesWith, importPeople, QUERY, SECRETS } from './passive-pseudonymize-setup';
import { passiveUser } from './passive-slack-export-fixtures';

let app: TestApp;
let closed = false;
beforeAll(async () => {
  app = await startTestApp({ smtp: false, fileDatabase: true });
  // A new PGlite cluster in files (initdb, migrations) takes long on a busy machine.
}, 300_000);
afterAll(async () => {
  if (!closed) await app.close();
});

const ADDRESSES = SECRETS.filter((s) => s.includes('@'));

describe('the PGlite data directory after pseudonymization', () => {
  it('holds no plain address or name of the people imported once closed', async () => {
    const dataDir = app.server.deps.env.DATA_DIR;
    const owner = await passiveUser(app);
    const api = clientOf(app, owner);
    await importPeople(app, owner);
    const query = await api.post('/passiveData/queries', QUERY);
    await api.post(`/passiveData/queries/${query.body._id}/run`);
    await app.server.worker.drain();
    await api.post('/passiveData/lists', { name: 'Leads', emails: [ADDRESSES[0]!, 'not.found.yet@contoso.test'] });
    // The files do hold them now (what the test looks for can be found).
    await app.server.deps.db.execute(sql`checkpoint`);
    expect((await filesWith(join(dataDir, 'pglite'), ADDRESSES)).length).toBeGreaterThan(0);

    const on = await api.call('PUT', '/api/base/passiveData/settings', { pseudonymize: true, confirm: 'Pseudonymize' });
    expect(on.status).toBe(200);
    await app.server.worker.drain();
    expect((await api.get('/passiveData/settings/pseudonymization')).body).toMatchObject({ status: 'done' });
    await app.close();
    closed = true;

    expect(await filesWith(dataDir, [...SECRETS, 'not.found.yet@contoso.test'])).toEqual([]);
  }, 300_000);
});
