import { eq, networks, passiveConnections, passiveQueries, passiveQueryRuns } from '@tieline/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo';
import { startTestApp, type TestApp } from './helpers';

// The demo organization shows passive data working on the embedded database, with no outside service:
// its Slack export imported and a query's network made at first start (docs/passive-data.md).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

describe('demo passive data', { timeout: 300_000 }, () => {
  it('imports the demo Slack export and makes the demo query network, once', async () => {
    const deps = { ...app.server.deps, mailer: app.server.mailer };
    await seedDemo(deps);
    await seedDemo(deps);
    const { db } = deps;
    const connections = await db.select().from(passiveConnections);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ status: 'done', method: 'export', uploadKey: null, error: null });
    expect(connections[0]!.peopleCount).toBe(48);
    expect(connections[0]!.interactionCount).toBeGreaterThan(5_000);
    const [query] = await db.select().from(passiveQueries);
    const runs = await db.select().from(passiveQueryRuns).where(eq(passiveQueryRuns.queryId, query!.id));
    expect(runs.map((r) => r.status)).toEqual(['done']);
    const [network] = await db.select().from(networks).where(eq(networks.id, query!.networkId!));
    expect(network!.layers).toEqual(['Slack reply', 'Slack mention', 'Slack reaction', 'Slack direct message']);
    expect(network!.nodeCount).toBeGreaterThan(40);
    expect(network!.edgeCount).toBeGreaterThan(100);
  });
});
