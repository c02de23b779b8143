import { eq, inArray, responseSaves, responses, surveys } from '@tieline/db';
import { RESPONDENT_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFast } from '../src/services/responses/save-fast';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { collectingSurvey, PEOPLE, put, question, respondent, saveId } from './responses-setup';

// The batched fast path of a save (services/responses/save-fast.ts): after a link's first save (the
// locked path, which learns the link and the survey's questions), saves of many links at once are
// written together; each keeps the contract of the locked path (responses.test.ts).

let app: TestApp;
let owner: SeededUser;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
});
afterAll(() => app.close());

const FORTY = [...PEOPLE, ...Array.from({ length: 36 }, (_, i) => [`Person ${i}`, `p${i}@example.com`, `E${i}`])];

function survey() {
  return collectingSurvey(
    app,
    owner,
    ({ respondentList }) => [
      question('freeFormText', { _id: 'q-text' }),
      question('singleNumeric', { _id: 'q-years' }),
      question('multipleSelection', {
        _id: 'q-friends',
        isRelationshipQuestion: true,
        allowMultipleSelections: true,
        list: respondentList,
      }),
    ],
    FORTY,
  );
}

const text = (t: string) => ({ questionId: 'q-text', dataInput: [{ text: t }] });
const years = (n: number) => ({ questionId: 'q-years', dataInput: [{ numeric: n }] });
const input = (uuid: string, revision: number, answers: unknown[]) => ({
  randomUUID: uuid,
  saveId: saveId(),
  revision,
  answers: answers as never,
  userAgent: 'test',
});
const history = (uuid: string) =>
  app.server.deps.db
    .select({ changes: responseSaves.changes, revision: responseSaves.revision })
    .from(responseSaves)
    .innerJoin(responses, eq(responses.id, responseSaves.responseId))
    .where(eq(responses.randomUuid, uuid))
    .orderBy(responseSaves.revision);

/** Each link's first save: the locked path, after which the process knows the link. */
async function warm(links: string[]) {
  for (const uuid of links) expect((await put(app, uuid, { answers: [text('first')], revision: 0 })).status).toBe(200);
}

describe('the batched save', () => {
  it('forty links saving at once: every save applies once, with its history row', async () => {
    const s = await survey();
    await warm(s.links);
    const results = await Promise.all(
      s.links.map((uuid, i) => saveFast(app.server.deps, input(uuid, 1, [text(`second ${i}`)]))),
    );
    expect(results.every((r) => r?.revision === 2 && r.status === 'Started')).toBe(true);
    const rows = await app.server.deps.db
      .select({ answers: responses.answers, revision: responses.revision, uuid: responses.randomUuid })
      .from(responses)
      .where(inArray(responses.randomUuid, s.links));
    for (const [i, uuid] of s.links.entries()) {
      expect(rows.find((r) => r.uuid === uuid)).toMatchObject({ revision: 2, answers: [text(`second ${i}`)] });
      expect((await history(uuid)).map((h) => h.revision)).toEqual([1, 2]);
    }
  });

  it('records what changed as the locked path does: edited answers, and an answer no longer sent as emptied', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    await put(app, uuid, { answers: [text('a'), years(3)], revision: 0 });
    const r = await saveFast(app.server.deps, input(uuid, 1, [text('a'), years(4)]));
    expect(r?.revision).toBe(2);
    const dropped = await saveFast(app.server.deps, input(uuid, 2, [years(4)]));
    expect(dropped?.revision).toBe(3);
    expect((await history(uuid)).map((h) => h.changes)).toEqual([
      [text('a'), years(3)],
      [years(4)],
      [{ questionId: 'q-text', dataInput: [] }],
    ]);
  });

  it('a save that changes nothing answers the current revision and adds no history', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    await warm([uuid]);
    const same = await saveFast(app.server.deps, input(uuid, 1, [text('first')]));
    expect(same).toMatchObject({ revision: 1, status: 'Started' });
    expect(await history(uuid)).toHaveLength(1);
  });

  it('one link from two devices at once: one save applies, the other gets 409 with the winner’s answers', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    await warm([uuid]);
    const [a, b] = await Promise.all([
      put(app, uuid, { answers: [text('phone')], revision: 1 }),
      put(app, uuid, { answers: [text('laptop')], revision: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'phone' : 'laptop';
    expect((a.status === 409 ? a : b).body).toMatchObject({
      message: RESPONDENT_MSG.staleSave,
      revision: 2,
      answers: [text(winner)],
    });
  });

  it('the same save sent twice at once (a retry) applies once', async () => {
    const s = await survey();
    const uuid = s.linkOf('ada@example.com');
    await warm([uuid]);
    const body = { randomUUID: uuid, saveId: saveId(), revision: 1, answers: [text('retried')] };
    const [a, b] = await Promise.all([
      respondent(app).call('PUT', `/api/base/responses/${uuid}`, body),
      respondent(app).call('PUT', `/api/base/responses/${uuid}`, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.revision, b.body.revision]).toEqual([2, 2]);
    expect(await history(uuid)).toHaveLength(2);
  });

  it('a person of another survey is never stored: the batch declines and the locked path drops them', async () => {
    const s = await survey();
    const other = await survey();
    const uuid = s.linkOf('ada@example.com');
    await warm([uuid]);
    const personOf = async (link: string) =>
      (await respondent(app).get(`/lists/getNecessaryByRandomUUID/${link}`)).body[0].nodes[1]._id as string;
    const ours = await personOf(uuid);
    const foreign = await personOf(other.linkOf('ada@example.com'));
    const friends = { questionId: 'q-friends', dataInput: [{ selectedIds: [ours, foreign] }] };
    expect(await saveFast(app.server.deps, input(uuid, 1, [friends]))).toBeNull();
    const saved = await put(app, uuid, { answers: [friends], revision: 1 });
    expect(saved.status).toBe(200);
    const now = await respondent(app).get(`/responses/${uuid}`);
    expect(now.body.answers).toEqual([{ questionId: 'q-friends', dataInput: [{ selectedIds: [ours] }] }]);
    const good = { questionId: 'q-friends', dataInput: [{ selectedIds: [ours] }] };
    expect(await saveFast(app.server.deps, input(uuid, 2, [good, text('x')]))).toMatchObject({ revision: 3 });
  });

  it('a survey closed or a response removed after the first save: refused as the locked path refuses', async () => {
    const s = await survey();
    const [ada, alan] = [s.linkOf('ada@example.com'), s.linkOf('alan@example.com')];
    await warm([ada, alan]);
    await app.server.deps.db.delete(responses).where(eq(responses.randomUuid, alan));
    expect((await put(app, alan, { answers: [text('gone')], revision: 1 })).status).toBe(404);
    await app.server.deps.db.update(surveys).set({ status: 'Completed' }).where(eq(surveys.id, s.surveyId));
    const closed = await put(app, ada, { answers: [text('late')], revision: 1 });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(RESPONDENT_MSG.surveyClosed);
    expect((await respondent(app).get(`/responses/${ada}`)).body.answers).toEqual([text('first')]);
  });
});
