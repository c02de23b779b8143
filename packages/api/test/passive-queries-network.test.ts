/**
 * Queries turn stored interactions into networks (issue 22): each case's network worked out by hand.
 * People and interactions go in through the store as the Slack connectors put them; queries are made
 * and run over the REST paths, the run job drained, and the stored network version read back.
 */
import { eq, networks, passiveAccounts } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../src/network-store/store-network';
import { startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, listOf, passiveUser, person, runRow, slackConnection } from './passive-queries-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

const DAY = 86_400_000;
/** An instant `days` ago at `hour` UTC. */
const ago = (days: number, hour = 12) => {
  const d = new Date(Date.now() - days * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
};
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

type Kind = 'reply' | 'mention' | 'reaction' | 'directMessage' | 'email' | 'meeting' | 'reportsTo';
/** One message with one interaction per [type, from, to]. */
const msg = (at: Date, ...interactions: [Kind, string, string][]) => ({
  conversation: 'C1',
  at,
  recipients: 1,
  interactions: interactions.map(([type, from, to]) => ({ type, from, to })),
});
const times = <T>(n: number, make: () => T) => Array.from({ length: n }, make);

const PEOPLE = [
  person('UA', 'Ann Lee', 'ann@x.com', { title: 'Engineer', attributes: { department: 'Sales' } }),
  person('UB', 'Bob', 'bob@x.com', { attributes: { department: 'Sales' } }),
  person('UC', 'Cy', 'cy@x.com', { attributes: { department: 'Legal' } }),
  person('UD', 'Dee', 'dee@x.com'),
  person('UX', 'Xena', 'xena@partner.com', { external: true }),
];

async function owner() {
  const me = await passiveUser(app);
  const account = await accountOf(app, me);
  return { me, account, client: clientOf(app, me) };
}

const base = { name: 'Who talks', sources: ['slack'], minInteractions: 1 };

/** Makes the query, runs it, drains the job; answers the run and the network it wrote. */
async function run(client: ReturnType<typeof clientOf>, query: Record<string, unknown>) {
  const made = await client.post('/passiveData/queries', { ...base, ...query });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const started = await client.post(`/passiveData/queries/${made.body._id}/run`);
  expect(started.status).toBe(202);
  await app.server.worker.drain();
  const run = await runRow(app, started.body.runId);
  if (!run.networkId) return { run, data: null, queryId: made.body._id as string };
  const [row] = await app.server.deps.db.select().from(networks).where(eq(networks.id, run.networkId));
  return { run, data: await readDocument(app.server.deps.db, row!), queryId: made.body._id as string };
}

/** Edges as "Layer: from -> to weight", sorted (undirected as written, smaller index first). */
const edgesOf = (data: TNetworkData | null) =>
  (data?.edges ?? [])
    .map((e) => {
      const sep = data!.directed ? '->' : '--';
      const [s, t] = data!.directed
        ? [e.source, e.target]
        : [Math.min(e.source, e.target), Math.max(e.source, e.target)];
      return `${data!.layers[e.layer]}: ${data!.nodes[s]!.name} ${sep} ${data!.nodes[t]!.name} ${e.weight}`;
    })
    .sort();

describe('directed and undirected networks with a minimum per pair', () => {
  let client: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    const o = await owner();
    client = o.client;
    const slack = await slackConnection(app, o.account, PEOPLE);
    await slack.add([
      ...times(2, () => msg(ago(3), ['mention', 'UA', 'UB'])),
      msg(ago(3), ['reply', 'UB', 'UA']),
      msg(ago(3), ['reaction', 'UA', 'UC'], ['mention', 'UA', 'UC']),
      msg(ago(3), ['mention', 'UC', 'UD']),
    ]);
  });

  it('directed: the ordered pair is summed over the chosen types; pairs below the minimum leave every layer', async () => {
    const { data, run: r } = await run(client, { types: ['reply', 'mention', 'reaction'], minInteractions: 2 });
    expect(data!.layers).toEqual(['Slack reply', 'Slack mention', 'Slack reaction']);
    expect(data!.directed).toBe(true);
    // A->B 2 (kept), B->A 1 (its reply dropped), A->C 1 + 1 (kept in both layers), C->D 1 (dropped).
    expect(edgesOf(data)).toEqual([
      'Slack mention: Ann Lee -> Bob 2',
      'Slack mention: Ann Lee -> Cy 1',
      'Slack reaction: Ann Lee -> Cy 1',
    ]);
    expect(data!.nodes.map((n) => n.name)).toEqual(['Ann Lee', 'Bob', 'Cy']);
    expect({ status: r.status, people: r.people, ties: r.ties, progress: r.progress }).toEqual({
      status: 'done',
      people: 3,
      ties: 3,
      progress: 1,
    });
  });

  it('undirected: both directions summed first, one tie per pair per layer', async () => {
    const { data } = await run(client, {
      types: ['reply', 'mention', 'reaction'],
      minInteractions: 2,
      direction: 'undirected',
    });
    expect(data!.directed).toBe(false);
    expect(edgesOf(data)).toEqual([
      'Slack mention: Ann Lee -- Bob 2',
      'Slack mention: Ann Lee -- Cy 1',
      'Slack reaction: Ann Lee -- Cy 1',
      'Slack reply: Ann Lee -- Bob 1',
    ]);
    const three = await run(client, { types: ['reply', 'mention'], minInteractions: 3, direction: 'undirected' });
    expect(edgesOf(three.data)).toEqual(['Slack mention: Ann Lee -- Bob 2', 'Slack reply: Ann Lee -- Bob 1']);
  });

  it('counts only the chosen types toward the minimum', async () => {
    // Without reactions, A->C has 1 and drops out.
    const { data } = await run(client, { types: ['mention'], minInteractions: 2 });
    expect(edgesOf(data)).toEqual(['Slack mention: Ann Lee -> Bob 2']);
  });

  it('fails a run that matches nothing, saying so, and writes no network', async () => {
    const { run: r, data } = await run(client, { types: ['directMessage'] });
    expect(r.status).toBe('failed');
    expect(r.error).toBe('No interactions match this query: widen the window, the types or the lists');
    expect(data).toBeNull();
  });
});

describe('maximum recipients', () => {
  it('drops direct messages of a group DM larger than the maximum, and keeps its mentions', async () => {
    const { client, account } = await owner();
    const slack = await slackConnection(app, account, PEOPLE);
    // A writes in a group DM of four (three recipients) and mentions B.
    await slack.add([
      {
        conversation: 'G1',
        at: ago(2),
        recipients: 3,
        interactions: [
          { type: 'directMessage', from: 'UA', to: 'UB' },
          { type: 'directMessage', from: 'UA', to: 'UC' },
          { type: 'directMessage', from: 'UA', to: 'UD' },
          { type: 'mention', from: 'UA', to: 'UB' },
        ],
      },
      {
        conversation: 'D1',
        at: ago(2),
        recipients: 1,
        interactions: [{ type: 'directMessage', from: 'UC', to: 'UD' }],
      },
    ]);
    const small = await run(client, { types: ['directMessage', 'mention'], maxRecipients: 2 });
    expect(edgesOf(small.data)).toEqual(['Slack direct message: Cy -> Dee 1', 'Slack mention: Ann Lee -> Bob 1']);
    const large = await run(client, { types: ['directMessage', 'mention'], maxRecipients: 3 });
    expect(edgesOf(large.data)).toEqual([
      'Slack direct message: Ann Lee -> Bob 1',
      'Slack direct message: Ann Lee -> Cy 1',
      'Slack direct message: Ann Lee -> Dee 1',
      'Slack direct message: Cy -> Dee 1',
      'Slack mention: Ann Lee -> Bob 1',
    ]);
  });
});

describe('the window', () => {
  let client: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    const o = await owner();
    client = o.client;
    const slack = await slackConnection(app, o.account, PEOPLE);
    await slack.add([
      msg(ago(41, 23), ['mention', 'UD', 'UA']),
      msg(ago(40, 0), ['mention', 'UA', 'UB']),
      msg(ago(20, 23), ['mention', 'UA', 'UC']),
      msg(ago(19, 0), ['mention', 'UA', 'UD']),
      msg(ago(5), ['mention', 'UB', 'UC']),
    ]);
  });

  it('from and to are whole UTC days, both included', async () => {
    const { data } = await run(client, { types: ['mention'], from: dateOf(ago(40)), to: dateOf(ago(20)) });
    expect(edgesOf(data)).toEqual(['Slack mention: Ann Lee -> Bob 1', 'Slack mention: Ann Lee -> Cy 1']);
  });

  it('the last N days, and everything kept when no window is given', async () => {
    expect(edgesOf((await run(client, { types: ['mention'], lastDays: 10 })).data)).toEqual([
      'Slack mention: Bob -> Cy 1',
    ]);
    expect(edgesOf((await run(client, { types: ['mention'] })).data)).toHaveLength(5);
  });

  it('never reaches past the retention', async () => {
    const o = await owner();
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ retentionDays: 30 })
      .where(eq(passiveAccounts.id, o.account.id));
    const slack = await slackConnection(app, o.account, PEOPLE);
    await slack.add([msg(ago(41), ['mention', 'UD', 'UA']), msg(ago(5), ['mention', 'UB', 'UC'])]);
    const { data } = await run(o.client, { types: ['mention'], from: dateOf(ago(60)) });
    expect(edgesOf(data)).toEqual(['Slack mention: Bob -> Cy 1']);
  });
});

describe('lists and people left out', () => {
  let client: ReturnType<typeof clientOf>;
  let lists: { emails: string; channel: string };
  beforeAll(async () => {
    const o = await owner();
    client = o.client;
    const slack = await slackConnection(app, o.account, PEOPLE);
    await slack.add([
      msg(ago(2), ['mention', 'UA', 'UB']),
      msg(ago(2), ['mention', 'UB', 'UC']),
      msg(ago(2), ['mention', 'UC', 'UD']),
      msg(ago(2), ['mention', 'UA', 'UX']),
    ]);
    await slack.channel('CLEGAL', ['UC']);
    lists = {
      emails: await listOf(app, o.account, { emails: ['Ann@x.com', 'bob@x.com', 'cy@x.com'] }),
      channel: await listOf(app, o.account, { connectionId: slack.connection.id, channelId: 'CLEGAL' }),
    };
  });

  it('leaves out people marked external unless the query includes them', async () => {
    expect(edgesOf((await run(client, { types: ['mention'] })).data)).not.toContain('Slack mention: Ann Lee -> Xena 1');
    expect(edgesOf((await run(client, { types: ['mention'], includeExternal: true })).data)).toContain(
      'Slack mention: Ann Lee -> Xena 1',
    );
  });

  it('keeps ties whose both ends are in an include list (an email list)', async () => {
    const { data } = await run(client, { types: ['mention'], includeListIds: [lists.emails] });
    expect(edgesOf(data)).toEqual(['Slack mention: Ann Lee -> Bob 1', 'Slack mention: Bob -> Cy 1']);
  });

  it('drops ties touching a member of an exclude list (a Slack channel)', async () => {
    const { data } = await run(client, { types: ['mention'], excludeListIds: [lists.channel] });
    expect(edgesOf(data)).toEqual(['Slack mention: Ann Lee -> Bob 1']);
  });

  it('include and exclude together', async () => {
    const { data } = await run(client, {
      types: ['mention'],
      includeListIds: [lists.emails],
      excludeListIds: [lists.channel],
      includeExternal: true,
    });
    expect(edgesOf(data)).toEqual(['Slack mention: Ann Lee -> Bob 1']);
  });
});

describe('names and attributes', () => {
  it('tells apart people who share a name by email, or by a short id without one; copies attributes', async () => {
    const { client, account } = await owner();
    const slack = await slackConnection(app, account, [
      ...PEOPLE,
      person('UA2', 'Ann Lee', 'ann.lee@y.com'),
      person('UA3', 'Ann Lee', null, { attributes: { department: 'Ops' } }),
    ]);
    await slack.add([msg(ago(2), ['mention', 'UA', 'UA2'], ['mention', 'UA2', 'UA3'], ['mention', 'UB', 'UA'])]);
    const { data } = await run(client, { types: ['mention'], attributes: ['department', 'title'] });
    const names = data!.nodes.map((n) => n.name);
    expect(names).toHaveLength(4);
    expect(names).toContain('Ann Lee (ann@x.com)');
    expect(names).toContain('Ann Lee (ann.lee@y.com)');
    expect(names).toContain('Bob');
    expect(names.find((n) => /^Ann Lee \([0-9A-F]{6}\)$/.test(n))).toBeDefined();
    expect(data!.nodeAttributes.map((a) => a.key)).toEqual(['department', 'title']);
    const ann = data!.nodes.find((n) => n.name === 'Ann Lee (ann@x.com)')!;
    expect(ann.attributes).toEqual({ department: 'Sales', title: 'Engineer' });
    expect(data!.nodes.find((n) => n.name === 'Ann Lee (ann.lee@y.com)')!.attributes).toEqual({
      department: null,
      title: null,
    });
  });

  it('under pseudonymization names people by pseudonym and shows values fewer than 5 hold as "Other"', async () => {
    const { client, account } = await owner();
    await app.server.deps.db
      .update(passiveAccounts)
      .set({ pseudonymize: true })
      .where(eq(passiveAccounts.id, account.id));
    const crowd = Array.from({ length: 7 }, (_, i) =>
      person(`U${i}`, `Real Name ${i}`, `p${i}@x.com`, { attributes: { department: i < 5 ? 'Sales' : 'Legal' } }),
    );
    const slack = await slackConnection(app, { ...account, pseudonymize: true }, crowd);
    await slack.add(crowd.slice(1).map((p) => msg(ago(2), ['mention', 'U0', p.externalId])));
    const { data } = await run(client, { types: ['mention'], attributes: ['department'] });
    expect(data!.nodes).toHaveLength(7);
    for (const n of data!.nodes) expect(n.name).toMatch(/^Person [A-Z2-9]{8}$/);
    const values = data!.nodes.map((n) => n.attributes.department).sort();
    expect(values).toEqual(['Other', 'Other', 'Sales', 'Sales', 'Sales', 'Sales', 'Sales']);
    expect(JSON.stringify(data)).not.toContain('Real Name');
  });
});

describe('Microsoft shapes (issue 23): mutual meetings, recipients of an email, relations', () => {
  let client: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    const o = await owner();
    client = o.client;
    const m365 = await slackConnection(app, o.account, PEOPLE, 'office365');
    // Two meetings of Ann and Bob (a meeting is stored once per pair), an email to 3 and one to 30, and
    // Bob's manager, read two months ago.
    await m365.add([
      { ...msg(ago(3), ['meeting', 'UA', 'UB']), recipients: 2 },
      { ...msg(ago(4), ['meeting', 'UB', 'UA']), recipients: 2 },
      { ...msg(ago(3), ['email', 'UA', 'UB']), recipients: 3 },
      { ...msg(ago(3), ['email', 'UA', 'UC']), recipients: 30 },
      msg(ago(60), ['reportsTo', 'UB', 'UC']),
    ]);
  });
  const query = { sources: ['office365'], types: ['email', 'meeting', 'reportsTo'], lastDays: 30, minInteractions: 2 };

  it('directed: a meeting gives both directions; the window and minimum leave relations alone', async () => {
    const { data } = await run(client, query);
    expect(data!.layers).toEqual(['Email', 'Meeting', 'Reports to']);
    expect(edgesOf(data)).toEqual([
      'Email: Ann Lee -> Bob 1',
      'Meeting: Ann Lee -> Bob 2',
      'Meeting: Bob -> Ann Lee 2',
      'Reports to: Bob -> Cy 1',
    ]);
  });

  it('undirected: one meeting tie per pair with the meeting count', async () => {
    const { data } = await run(client, { ...query, direction: 'undirected' });
    expect(edgesOf(data)).toEqual(['Email: Ann Lee -- Bob 1', 'Meeting: Ann Lee -- Bob 2', 'Reports to: Bob -- Cy 1']);
  });
});

describe('meetings weighted by hours (meetingWeight)', () => {
  it('sums the hours stored as each meeting weight; the minimum per pair still counts meetings', async () => {
    const { client, account } = await owner();
    const m365 = await slackConnection(app, account, PEOPLE, 'office365');
    const meeting = (at: Date, from: string, to: string, hours: number) => ({
      ...msg(at),
      recipients: 2,
      interactions: [{ type: 'meeting' as const, from, to, weight: hours }],
    });
    // Ann and Bob: 1.5 h and 0.5 h (stored either way round); Ann and Cy: one meeting of 3 h; an email.
    await m365.add([
      meeting(ago(3), 'UA', 'UB', 1.5),
      meeting(ago(2), 'UB', 'UA', 0.5),
      meeting(ago(2), 'UA', 'UC', 3),
      msg(ago(2), ['email', 'UA', 'UB']),
    ]);
    const query = { sources: ['office365'], types: ['email', 'meeting'], minInteractions: 2 };
    const hours = await run(client, { ...query, meetingWeight: 'hours' });
    // Ann and Cy met once (3 h): below the minimum of 2 meetings whatever the hours.
    expect(edgesOf(hours.data)).toEqual([
      'Email: Ann Lee -> Bob 1',
      'Meeting: Ann Lee -> Bob 2',
      'Meeting: Bob -> Ann Lee 2',
    ]);
    const undirected = await run(client, {
      ...query,
      meetingWeight: 'hours',
      direction: 'undirected',
      minInteractions: 1,
    });
    expect(edgesOf(undirected.data)).toEqual([
      'Email: Ann Lee -- Bob 1',
      'Meeting: Ann Lee -- Bob 2',
      'Meeting: Ann Lee -- Cy 3',
    ]);
    const count = await run(client, { ...query, direction: 'undirected', minInteractions: 1 });
    expect(edgesOf(count.data)).toEqual([
      'Email: Ann Lee -- Bob 1',
      'Meeting: Ann Lee -- Bob 2',
      'Meeting: Ann Lee -- Cy 1',
    ]);
  });
});
