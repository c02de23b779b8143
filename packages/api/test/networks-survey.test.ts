import { asc, eq, jobs, nodes, sql } from '@tieline/db';
import { NETWORK_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { download, upload } from './lists-fixtures';
import { collectingSurvey, put, question } from './responses-setup';
import { clientOf } from './surveys-setup';

// Networks made from a survey: answered through the real save route, the network checked edge by edge,
// refreshed on demand and by the job a submission queues, and equal to uploading the responses export.

let app: TestApp;
let owner: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  stranger = await seedUser(app, 'individual');
});
afterAll(() => app.close());

async function nodeIds(listId: string) {
  const rows = await app.server.deps.db
    .select({ id: nodes.id, name: nodes.name })
    .from(nodes)
    .where(eq(nodes.listId, listId))
    .orderBy(asc(nodes.position));
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, string>;
}

async function answeredSurvey() {
  const s = await collectingSurvey(app, owner, ({ respondentList }) => [
    question('multipleSelection', {
      _id: 'q-advice',
      abbreviation: 'Advice',
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: respondentList,
    }),
    question('singleNumeric', { _id: 'q-age', abbreviation: 'Age' }),
  ]);
  const ids = await nodeIds(s.respondentList);
  const answer = (email: string, chosen: string[], age: number) =>
    put(app, s.linkOf(email), {
      revision: 0,
      submitted: true,
      answers: [
        { questionId: 'q-advice', dataInput: [{ selectedIds: chosen.map((n) => ids[n]!) }] },
        { questionId: 'q-age', dataInput: [{ numeric: age }] },
      ],
    });
  expect((await answer('ada@example.com', ['Alan Turing', 'Grace Hopper'], 36)).status).toBe(200);
  expect((await answer('alan@example.com', ['Ada Lovelace'], 41)).status).toBe(200);
  return { ...s, answer };
}

const edgeNames = (data: { nodes: { name: string }[]; edges: { source: number; target: number }[] }) =>
  data.edges.map((e) => `${data.nodes[e.source]!.name} -> ${data.nodes[e.target]!.name}`).sort();

describe('a network from a survey', () => {
  it('has every respondent, their attributes and answers, and one directed edge per choice', async () => {
    const s = await answeredSurvey();
    const made = await clientOf(app, owner).networks.survey.create.mutate({ surveyId: s.surveyId });
    expect(made).toMatchObject({ name: 'Pulse network', layers: ['Advice'], surveyId: s.surveyId, directed: true });
    const { data } = await clientOf(app, owner).networks.data.query({ id: made._id });
    expect(data.nodes.map((n) => n.name)).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Émile Zola']);
    expect(edgeNames(data)).toEqual([
      'Ada Lovelace -> Alan Turing',
      'Ada Lovelace -> Grace Hopper',
      'Alan Turing -> Ada Lovelace',
    ]);
    const ada = data.nodes[0]!.attributes;
    expect(ada).toMatchObject({ Email: 'ada@example.com', Status: 'Submitted', Employee: 'E1', Age: 36 });
  });

  it('is the network the responses export uploads as', async () => {
    const s = await answeredSurvey();
    const made = await clientOf(app, owner).networks.survey.create.mutate({ surveyId: s.surveyId });
    const file = await download(app, owner.cookie, `/responses/all/${s.surveyId}/xlsx`);
    const up = await upload(app, owner.cookie, '/networks', file.bytes, {
      name: 'Export',
      fileType: 'excel',
      directed: 'true',
    } as never);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const api = clientOf(app, owner).networks;
    const [a, b] = await Promise.all([api.data.query({ id: made._id }), api.data.query({ id: up.body._id })]);
    expect(b.data).toEqual(a.data);
  });

  it('keeps a long relationship question title whole as the layer (only xlsx sheet names are cut)', async () => {
    const long = 'Who do you work with closely on projects? [core/extended]';
    const s = await collectingSurvey(app, owner, ({ respondentList }) => [
      question('multipleSelection', {
        _id: 'q-long',
        abbreviation: long,
        isRelationshipQuestion: true,
        allowMultipleSelections: true,
        list: respondentList,
      }),
    ]);
    const ids = await nodeIds(s.respondentList);
    const answers = [{ questionId: 'q-long', dataInput: [{ selectedIds: [ids['Alan Turing']!] }] }];
    expect((await put(app, s.linkOf('ada@example.com'), { revision: 0, submitted: true, answers })).status).toBe(200);
    const api = clientOf(app, owner).networks;
    const made = await api.survey.create.mutate({ surveyId: s.surveyId });
    expect(made.layers).toEqual([long]);
    const file = await download(app, owner.cookie, `/networks/${made._id}/export/gexf?metrics=false`);
    expect(file.bytes.toString()).toContain(`kind="${long}"`);
    // The responses export's sheet is named within Excel's rules.
    const responses = await download(app, owner.cookie, `/responses/all/${s.surveyId}/xlsx`);
    const XLSX = await import('@e965/xlsx');
    expect(XLSX.read(responses.bytes, { type: 'buffer' }).SheetNames).toContain('Who do you work with closely on');
  });

  it('refreshes on demand and after submissions while the survey collects', async () => {
    const s = await answeredSurvey();
    const api = clientOf(app, owner).networks;
    const made = await api.survey.create.mutate({ surveyId: s.surveyId });
    const unchanged = await api.survey.refresh.mutate({ id: made._id });
    expect(unchanged.version).toBe(made.version);

    expect((await s.answer('grace@example.com', ['Émile Zola'], 50)).status).toBe(200);
    const queued = await app.server.deps.db.select().from(jobs).where(eq(jobs.kind, 'survey-networks-refresh'));
    expect(queued.filter((j) => j.state === 'queued')).toHaveLength(1);
    // The refresh waits for more submissions; run it now.
    await app.server.deps.db.execute(sql`update jobs set run_at = now() where kind = 'survey-networks-refresh'`);
    await app.server.worker.drain();
    const after = await api.data.query({ id: made._id });
    expect(after.network.version).toBe(made.version + 1);
    expect(edgeNames(after.data)).toContain('Grace Hopper -> Émile Zola');
  });

  it('says when it was refreshed and that new answers wait for the refresh', async () => {
    const s = await answeredSurvey();
    const api = clientOf(app, owner).networks;
    const made = await api.survey.create.mutate({ surveyId: s.surveyId });
    expect(made.surveyPending).toBe(false);
    expect(Date.parse(made.surveyRefreshedAt!)).toBeGreaterThan(Date.now() - 60_000);

    expect((await s.answer('grace@example.com', ['Émile Zola'], 50)).status).toBe(200);
    expect((await api.get.query({ id: made._id })).surveyPending).toBe(true);
    const listed = (await api.list.query({})).find((n) => n._id === made._id)!;
    expect(listed).toMatchObject({ surveyPending: true, surveyRefreshedAt: made.surveyRefreshedAt });

    // Refresh now takes the answers in; the queued job then finds nothing new.
    const refreshed = await api.survey.refresh.mutate({ id: made._id });
    expect(refreshed.version).toBe(made.version + 1);
    expect(Date.parse(refreshed.surveyRefreshedAt!)).toBeGreaterThanOrEqual(Date.parse(made.surveyRefreshedAt!));
    await app.server.deps.db.execute(sql`update jobs set run_at = now() where kind = 'survey-networks-refresh'`);
    await app.server.worker.drain();
    const after = await api.get.query({ id: made._id });
    expect(after).toMatchObject({ surveyPending: false, version: refreshed.version });
    // A refresh with nothing new keeps the version and moves only the time.
    const again = await api.survey.refresh.mutate({ id: made._id });
    expect(again.version).toBe(refreshed.version);
    expect(Date.parse(again.surveyRefreshedAt!)).toBeGreaterThanOrEqual(Date.parse(refreshed.surveyRefreshedAt!));
  });

  it('has no survey facts for an uploaded network', async () => {
    const s = await answeredSurvey();
    const file = await download(app, owner.cookie, `/responses/all/${s.surveyId}/xlsx`);
    const up = await upload(app, owner.cookie, '/networks', file.bytes, {
      name: 'Plain',
      fileType: 'excel',
      directed: 'true',
    } as never);
    expect(up.body).toMatchObject({ surveyId: null, surveyRefreshedAt: null, surveyPending: false });
  });

  it('refuses a survey without relationship questions and other people’s surveys', async () => {
    const s = await collectingSurvey(app, owner, () => [question('singleNumeric', { _id: 'q-age' })]);
    expect(await rejection(clientOf(app, owner).networks.survey.create.mutate({ surveyId: s.surveyId }))).toMatchObject(
      {
        status: 400,
        message: NETWORK_MSG.surveyHasNoRelationships,
      },
    );
    const answered = await answeredSurvey();
    expect(
      await rejection(clientOf(app, stranger).networks.survey.create.mutate({ surveyId: answered.surveyId })),
    ).toMatchObject({ status: 404 });
  });
});
