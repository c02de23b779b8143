import * as XLSX from '@e965/xlsx';
import { eq, networks } from '@tieline/db';
import type { TMetricsResult } from '@tieline/graph';
import { NETWORK_MSG, NETWORK_SHARES_UPLOAD_MSG, NETWORK_UPLOAD_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { download, upload } from './lists-fixtures';
import { seedNetwork, smallNetwork } from './networks-setup';
import { clientOf, restOf } from './surveys-setup';

// The networks' file and job routes over HTTP on a real database: upload (every format, every kind of
// refusal, nothing stored when refused), export round trips, templates, metrics (202, then the job's
// result), and sharing by upload.

let app: TestApp;
let owner: SeededUser;
let other: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  other = await seedUser(app, 'individual');
});
afterAll(() => app.close());

function workbook(sheets: Record<string, unknown[][]>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const GOOD = workbook({
  Nodes: [
    ['Name', 'Team', 'Age'],
    ['Ana', 'Red', 30],
    ['Ben', 'Blue', 41],
  ],
  Edges: [
    ['Source', 'Target', 'Type', 'Weight'],
    ['Ana', 'Ben', 'Advice', 2],
    ['Ben', 'Cy', 'Advice', 1],
  ],
});

const uploadNetwork = (user: SeededUser, file: Buffer | null, fields: Record<string, string>) =>
  upload(app, user.cookie, '/networks', file, fields as never, { fileName: 'network.xlsx' });

const ownedCount = async (user: SeededUser) =>
  (await app.server.deps.db.select().from(networks).where(eq(networks.ownerId, user.userId))).length;

describe('upload', () => {
  it('makes a network from an Excel file; edges may name people missing from Nodes', async () => {
    const res = await uploadNetwork(owner, GOOD, { name: 'Uploaded', fileType: 'excel', directed: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Uploaded',
      nodeCount: 3,
      edgeCount: 2,
      layers: ['Advice'],
      directed: true,
    });
    const { data } = await clientOf(app, owner).networks.data.query({ id: res.body._id });
    expect(data.nodes.map((n) => n.name)).toEqual(['Ana', 'Ben', 'Cy']);
    expect(data.edges.map((e) => [e.source, e.target, e.weight])).toEqual([
      [0, 1, 2],
      [1, 2, 1],
    ]);
    // The person only the Edges sheet names is added, and the answer says so.
    expect(res.body.notices).toEqual([NETWORK_UPLOAD_MSG.addedFromEdges(['Cy'])]);
    expect(res.body.notices[0]).toBe('1 person named only in Edges was added: Cy.');
  });

  it('names the people only the edges name (a few, then a count), and says nothing when Nodes has everyone', async () => {
    const many = workbook({
      Nodes: [['Name'], ['Ana']],
      Edges: [['Source', 'Target'], ...Array.from({ length: 12 }, (_, i) => ['Ana', `P${i + 1}`])],
    });
    const res = await uploadNetwork(owner, many, { name: 'Many', fileType: 'excel', directed: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.notices).toEqual([
      '12 people named only in Edges were added: P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 and 2 more.',
    ]);
    const complete = workbook({
      Nodes: [['Name'], ['Ana'], ['Ben']],
      Edges: [
        ['Source', 'Target'],
        ['Ana', 'Ben'],
      ],
    });
    const quiet = await uploadNetwork(owner, complete, { name: 'Quiet', fileType: 'excel', directed: 'true' });
    expect(quiet.body.notices).toEqual([]);
    // Without a node list there is nothing to be missing from.
    const edgesOnly = workbook({
      Edges: [
        ['Source', 'Target'],
        ['Ana', 'Ben'],
      ],
    });
    const bare = await uploadNetwork(owner, edgesOnly, { name: 'Bare', fileType: 'excel', directed: 'true' });
    expect(bare.body.notices).toEqual([]);
  });

  it('reports every problem with its row in one answer and stores nothing', async () => {
    const before = await ownedCount(owner);
    const bad = workbook({
      Nodes: [
        ['Name', 'Team'],
        ['Ana', 'Red'],
        ['', 'Blue'],
        ['ana', 'Red'],
      ],
      Edges: [
        ['Source', 'Target', 'Type', 'Weight'],
        ['Ana', 'Ben', 'Advice', 'heavy'],
      ],
    });
    const res = await uploadNetwork(owner, bad, { name: 'Bad', fileType: 'excel', directed: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('data');
    expect(res.body.problems.length).toBeGreaterThanOrEqual(3);
    expect(res.body.problems.every((p: { row?: number }) => typeof p.row === 'number')).toBe(true);
    expect(await ownedCount(owner)).toBe(before);
  });

  it('refuses an unknown file type, a blank name, a string flag, no file and no session', async () => {
    const before = await ownedCount(owner);
    const cases: [Record<string, string>, Buffer | null, string][] = [
      [{ name: 'x', fileType: 'pajek', directed: 'true' }, GOOD, NETWORK_UPLOAD_MSG.unknownFileType],
      [{ name: '  ', fileType: 'excel', directed: 'true' }, GOOD, NETWORK_MSG.nameRequired],
      [{ name: 'x', fileType: 'excel', directed: 'yes' }, GOOD, "directed must be 'true' or 'false'"],
      [{ name: 'x', fileType: 'excel', directed: 'true' }, null, NETWORK_UPLOAD_MSG.fileEmpty],
    ];
    for (const [fields, file, message] of cases) {
      const res = await uploadNetwork(owner, file, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const anonymous = await upload(app, '', '/networks', GOOD, {
      name: 'x',
      fileType: 'excel',
      directed: 'true',
    } as never);
    expect(anonymous.status).toBe(401);
    expect(await ownedCount(owner)).toBe(before);
  });

  it('refuses an XML entity bomb as a format problem', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><graphml><graph edgedefault="directed"><node id="&b;"/></graph></graphml>`;
    const res = await uploadNetwork(owner, Buffer.from(bomb), { name: 'Bomb', fileType: 'graphml', directed: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('format');
  });
});

describe('export and templates', () => {
  it.each([
    ['excel', 'excel'],
    ['gexf', 'gexf'],
    ['gexf12', 'gexf'],
    ['graphml', 'graphml'],
    ['json', 'json'],
    ['nodelink', 'json'],
  ])('exports %s and uploads it back (as %s) to an equal network', async (exportType, fileType) => {
    const n = await seedNetwork(app, owner, 'Round trip');
    const file = await download(app, owner.cookie, `/networks/${n.id}/export/${exportType}?metrics=false`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Round trip');
    const back = await uploadNetwork(owner, file.bytes, { name: 'Back', fileType, directed: 'true' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const { data } = await clientOf(app, owner).networks.data.query({ id: back.body._id });
    expect(data).toEqual(smallNetwork());
  });

  it('answers 404 for another person’s network and an unknown format', async () => {
    const n = await seedNetwork(app, owner);
    expect((await download(app, other.cookie, `/networks/${n.id}/export/excel`)).status).toBe(404);
    expect((await download(app, owner.cookie, `/networks/${n.id}/export/pdf`)).status).toBe(404);
  });

  it.each(['excel', 'gexf', 'graphml', 'json'])('serves a %s template that uploads as a network', async (fileType) => {
    const file = await download(app, '', `/networks/templates/${fileType}`);
    expect(file.status).toBe(200);
    const res = await uploadNetwork(owner, file.bytes, { name: `Template ${fileType}`, fileType, directed: 'false' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('metrics', () => {
  it('answers 202 while the job computes, then the metrics; exports then carry them', async () => {
    const n = await seedNetwork(app, owner, 'Measured');
    const rest = restOf(app, owner);
    const first = await rest.get(`/networks/${n.id}/metrics`);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ state: 'queued', progress: 0 });
    await app.server.worker.drain();
    const done = await rest.get(`/networks/${n.id}/metrics`);
    expect(done.status).toBe(200);
    const metrics = done.body as TMetricsResult;
    expect(metrics.nodes.map((m) => [m.name, m.inDegree, m.outDegree])).toEqual([
      ['Ana', 1, 1],
      ['Ben', 1, 1],
      ['Cy', 1, 1],
    ]);
    expect(metrics.network.components).toBe(1);
    const file = await download(app, owner.cookie, `/networks/${n.id}/export/excel`);
    const nodes = XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(file.bytes).Sheets.Nodes!);
    expect(nodes[0]).toHaveProperty(['Betweenness (raw)']);
  });

  it('gives ONA measures for a category attribute, per layer, and refuses what the network lacks', async () => {
    const n = await seedNetwork(app, owner);
    const rest = restOf(app, owner);
    expect((await rest.get(`/networks/${n.id}/metrics?groupAttribute=Team&layer=0`)).status).toBe(202);
    await app.server.worker.drain();
    const done = await rest.get(`/networks/${n.id}/metrics?groupAttribute=Team&layer=0`);
    expect(done.status).toBe(200);
    expect(done.body.ona.groups.map((g: { name: string }) => g.name).sort()).toEqual(['Blue', 'Red']);
    expect(done.body.network.edges).toBe(2);
    const noLayer = await rest.get(`/networks/${n.id}/metrics?layer=7`);
    expect(noLayer).toMatchObject({ status: 400, body: { message: NETWORK_MSG.noSuchLayer } });
    const noAttribute = await rest.get(`/networks/${n.id}/metrics?groupAttribute=Age`);
    expect(noAttribute).toMatchObject({ status: 400, body: { message: NETWORK_MSG.noSuchAttribute } });
    expect((await restOf(app, other).get(`/networks/${n.id}/metrics`)).status).toBe(404);
    expect((await restOf(app, owner).get('/networks/not-an-id/metrics')).status).toBe(404);
  });

  it('queues one job however many ask at once', async () => {
    const n = await seedNetwork(app, owner);
    const rest = restOf(app, owner);
    const answers = await Promise.all(Array.from({ length: 5 }, () => rest.get(`/networks/${n.id}/metrics`)));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    const { jobs } = await import('@tieline/db');
    const queued = (await app.server.deps.db.select().from(jobs)).filter(
      (j) => j.kind === 'network-metrics' && (j.payload as { networkId: string }).networkId === n.id,
    );
    expect(queued).toHaveLength(1);
  });
});

describe('sharing by upload', () => {
  it('shares with everyone listed, and refuses a bad list changing nothing', async () => {
    const n = await seedNetwork(app, owner);
    const a = await seedUser(app, 'individual');
    const b = await seedUser(app, 'individual');
    const path = `/networks/${n.id}/users/upload`;
    const send = (rows: unknown[][]) => upload(app, owner.cookie, path, workbook({ Users: rows }));
    const refusals: [unknown[][], string][] = [
      [[['Name', 'Mail', 'Permission']], NETWORK_SHARES_UPLOAD_MSG.heading],
      [
        [
          ['Name', 'Email', 'Permission'],
          ['A', a.email, ''],
        ],
        NETWORK_SHARES_UPLOAD_MSG.blanks,
      ],
      [
        [
          ['Name', 'Email', 'Permission'],
          ['A', 'not-an-email', 'View'],
        ],
        NETWORK_SHARES_UPLOAD_MSG.invalidEmail('not-an-email'),
      ],
      [
        [
          ['Name', 'Email', 'Permission'],
          ['A', a.email, 'View'],
          ['B', a.email, 'Edit'],
        ],
        NETWORK_SHARES_UPLOAD_MSG.duplicated(a.email),
      ],
      [
        [
          ['Name', 'Email', 'Permission'],
          ['Z', 'zed@example.com', 'View'],
        ],
        NETWORK_SHARES_UPLOAD_MSG.unknownUsers(['zed@example.com']),
      ],
      [
        [
          ['Name', 'Email', 'Permission'],
          ['A', a.email, 'Admin'],
        ],
        NETWORK_SHARES_UPLOAD_MSG.permission(2),
      ],
    ];
    for (const [rows, message] of refusals) {
      const res = await send(rows);
      expect(res, message).toMatchObject({ status: 400, body: { message } });
    }
    expect(await clientOf(app, owner).networks.users.list.query({ id: n.id })).toEqual([]);
    const ok = await send([
      ['Name', 'Email', 'Permission'],
      ['A', a.email, 'view'],
      ['B', b.email, 'Edit'],
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.map((s: { permission: string }) => s.permission).sort()).toEqual(['Edit', 'View']);
    const notOwner = await upload(app, other.cookie, path, workbook({ Users: [['Name', 'Email', 'Permission']] }));
    expect(notOwner.status).toBe(404);
  });
});
