/**
 * Issue 35 finding 7: node attributes are read and written as own properties only. Attribute names come
 * from users (a query's attributes, a Slack profile field's label, an upload's column), and names such
 * as `constructor`, `toString`, `hasOwnProperty` or `__proto__` must neither find Object.prototype's
 * functions ("function Object() { [native code] }") nor change an object's prototype.
 */
import { eq, networks } from '@tieline/db';
import { cfi, combineNetworks, type TNetworkData } from '@tieline/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackPerson } from '../src/connectors/slack/api-people';
import { exportPeople } from '../src/connectors/slack/export-lists';
import { readDocument } from '../src/network-store/store-network';
import { excelWorkbook } from '../src/services/networks/formats/write-excel';
import { readAllSheets } from '../src/xlsx/read';
import { startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, passiveUser, person, runRow, slackConnection } from './passive-queries-setup';

const NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'] as const;
/** An object from JSON text: JSON.parse keeps `__proto__` as an own key, as a stored jsonb value has it. */
const held = <T = string | null>(json: string) => JSON.parse(json) as Record<string, T>;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

/** Own entries, sorted: what JSON or a table would show (inherited members never appear). */
const own = (o: object) => Object.entries(o).sort(([a], [b]) => a.localeCompare(b));

describe('a passive query asking for attributes named like Object members', () => {
  it('gives each person their own value or none, never a function or the prototype', async () => {
    const me = await passiveUser(app);
    const slack = await slackConnection(app, await accountOf(app, me), [
      person('UA', 'Ann', 'ann@x.com', { attributes: held('{"constructor":"Sales","__proto__":"Paris"}') }),
      person('UB', 'Bob', 'bob@x.com'),
    ]);
    await slack.add([
      {
        conversation: 'C1',
        at: new Date(Date.now() - 86_400_000),
        recipients: 1,
        interactions: [{ type: 'reply', from: 'UA', to: 'UB' }],
      },
    ]);
    const client = clientOf(app, me);
    const made = await client.post('/passiveData/queries', {
      name: 'Members',
      sources: ['slack'],
      types: ['reply'],
      minInteractions: 1,
      attributes: [...NAMES],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const started = await client.post(`/passiveData/queries/${made.body._id}/run`);
    expect(started.status).toBe(202);
    await app.server.worker.drain();
    const run = await runRow(app, started.body.runId);
    expect(run.status).toBe('done');
    const [row] = await app.server.deps.db.select().from(networks).where(eq(networks.id, run.networkId!));
    const data = await readDocument(app.server.deps.db, row!);
    expect(data.nodeAttributes.map((d) => d.key)).toEqual([...NAMES]);
    const byName = Object.fromEntries(data.nodes.map((n) => [n.name, n.attributes]));
    expect(own(byName.Ann!)).toEqual(
      own(held('{"constructor":"Sales","toString":null,"hasOwnProperty":null,"__proto__":"Paris","valueOf":null}')),
    );
    expect(own(byName.Bob!)).toEqual(
      own(held('{"constructor":null,"toString":null,"hasOwnProperty":null,"__proto__":null,"valueOf":null}')),
    );
    // Downloads read the same own values (the JSON export, and the xlsx workbook's Nodes sheet).
    const json = await client.call('GET', `/api/base/networks/${run.networkId}/export/json?metrics=false`);
    expect(json.status).toBe(200);
    expect(JSON.stringify(json.body)).not.toContain('native code');
    const sheets = readAllSheets(await excelWorkbook(data), {
      maxFileBytes: 1e7,
      maxRows: 100,
      maxColumns: 20,
      maxZipEntries: 100,
      maxUnzippedBytes: 1e8,
    });
    const sheet = JSON.stringify(sheets);
    expect(sheet).toContain('Paris');
    expect(sheet).not.toContain('native code');
    expect(sheet).not.toContain('[object Object]');
  });
});

describe('profile fields labelled like Object members', () => {
  it('are kept as fields of their own (Slack export and Slack API)', () => {
    const fields = Object.fromEntries(NAMES.map((label, i) => [`Xf0${i}`, { value: `v-${label}`, alt: '', label }]));
    const [fromExport] = exportPeople(
      [{ id: 'U1', team_id: 'T1', profile: { email: 'a@x.com', real_name: 'Ann', fields } }],
      'T1',
    );
    const fromApi = slackPerson({ id: 'U1', profile: { email: 'a@x.com', real_name: 'Ann', fields } } as never, 'T1');
    for (const person of [fromExport!, fromApi!]) {
      expect(Object.getPrototypeOf(person.attributes)).toBe(Object.prototype);
      expect(own(person.attributes)).toEqual(own(Object.fromEntries(NAMES.map((n) => [n, `v-${n}`]))));
      expect(JSON.stringify(person.attributes)).toContain('"__proto__":"v-__proto__"');
    }
  });
});

describe('network analyses by an attribute named like an Object member', () => {
  const network = (attributes: Record<string, string>[]): TNetworkData => ({
    directed: false,
    layers: ['Ties'],
    nodeAttributes: [{ key: 'Team', type: 'category' }],
    edgeAttributes: [],
    nodes: attributes.map((a, i) => ({ name: `P${i}`, attributes: a })),
    edges: [
      { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
      { source: 1, target: 2, layer: 0, weight: 1, attributes: {} },
    ],
  });

  it('finds no groups where no person holds it (CFI)', () => {
    const data = network([{ Team: 'A' }, { Team: 'B' }, { Team: 'A' }]);
    for (const name of NAMES) expect(cfi(data, name).groups, name).toEqual([]);
  });

  it('combines networks keeping such attributes as values, and filling absent ones with null', () => {
    const a = network([{ Team: 'A' }, { Team: 'B' }, { Team: 'A' }]);
    const b: TNetworkData = {
      ...network([{}, {}, {}]),
      nodeAttributes: NAMES.map((key) => ({ key, type: 'text' as const })),
      nodes: [
        { name: 'P0', attributes: held('{"constructor":"x","__proto__":"y"}') },
        { name: 'P1', attributes: {} },
        { name: 'P2', attributes: {} },
      ],
    };
    const combined = combineNetworks(
      [
        { name: 'a', data: a },
        { name: 'b', data: b },
      ],
      false,
    );
    const p0 = combined.nodes.find((n) => n.name === 'P0')!;
    expect(Object.getPrototypeOf(p0.attributes)).toBe(Object.prototype);
    expect(own(p0.attributes)).toEqual(
      own(held('{"Team":"A","constructor":"x","toString":null,"hasOwnProperty":null,"__proto__":"y","valueOf":null}')),
    );
    const p1 = combined.nodes.find((n) => n.name === 'P1')!;
    for (const name of NAMES) expect(Object.hasOwn(p1.attributes, name), name).toBe(true);
  });
});
