import { randomUUID } from 'node:crypto';
import { eq, surveys } from '@tieline/db';
import { MSG, QUESTION_LIMITS, SURVEY_MSG, type TQuestionData } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { clientOf, question, restOf, seedSurvey } from './surveys-setup';

let app: TestApp;
let owner: SeededUser;
let client: ReturnType<typeof clientOf>;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'owner');
  client = clientOf(app, owner);
});
afterAll(() => app.close());

const ids = (survey: { questions: { _id: string }[] }) => survey.questions.map((q) => q._id);
const stale = { status: 409, message: SURVEY_MSG.stale };

/** A relationship survey: 1 source, page break, 2 piped from 1, descriptive text, 3 textbox, 4 piped from 1. */
async function linkedSurvey() {
  const source = question('searchAndSelect', { isRelationshipQuestion: true });
  const all = [
    source,
    question('pageBreak'),
    question('multipleSelection', { isRelationshipQuestion: true, previousQn: [source._id] }),
    question('descriptiveText'),
    question('freeFormText'),
    question('searchAndSelect', { isRelationshipQuestion: true, previousQn: [source._id] }),
  ];
  return { row: await seedSurvey(app, owner.userId, all), all, source };
}

describe('surveys.questions.insert (POST /surveys/{surveyId}/questions)', () => {
  it('inserts a question of the type with its defaults at the index, answering its id and the survey', async () => {
    const row = await seedSurvey(app, owner.userId, [question('freeFormText'), question('freeFormText')]);
    const { questionId, survey } = await client.surveys.questions.insert.mutate({
      surveyId: row.id,
      version: 1,
      index: 1,
      type: 'matrixSelection',
    });
    expect(survey.version).toBe(2);
    expect(survey.questions[1]).toMatchObject({
      _id: questionId,
      type: 'matrixSelection',
      text: '',
      page: 0,
      selectionType: 'radioType',
      numericRangeMin: 0,
      numericRangeMax: 100,
      numericRangeDefault: 50,
      numericRangeIncrement: 1,
    });
    expect(survey.questions[1]!.columnHeadings.map((o) => o.title)).toEqual(['Option 1', 'Option 2', 'Option 3']);

    const rest = restOf(app, owner);
    const atEnd = await rest.post(`/surveys/${row.id}/questions`, { version: 2, index: 3, type: 'pageBreak' });
    expect(atEnd.status).toBe(200);
    expect(atEnd.body.survey.questions.at(-1)).toMatchObject({ _id: atEnd.body.questionId, type: 'pageBreak' });
  });

  it('refuses an index past the end, an unknown type and a stale version, changing nothing', async () => {
    const row = await seedSurvey(app, owner.userId, [question('freeFormText')]);
    const rest = restOf(app, owner);
    const post = (body: unknown) => rest.post(`/surveys/${row.id}/questions`, body);
    expect(await post({ version: 1, index: 2, type: 'pageBreak' })).toMatchObject({
      status: 400,
      body: { message: SURVEY_MSG.indexOutOfRange },
    });
    expect(await post({ version: 1, index: -1, type: 'pageBreak' })).toMatchObject({ status: 400 });
    expect(await post({ version: 1, index: 0, type: 'essay' })).toMatchObject({
      status: 400,
      body: { message: 'Unknown question type' },
    });
    expect(await post({ version: 7, index: 0, type: 'pageBreak' })).toMatchObject({
      status: 409,
      body: { message: SURVEY_MSG.stale },
    });
    expect(await post({ index: 0, type: 'pageBreak' })).toMatchObject({ status: 400 });
    expect((await client.surveys.get.query({ id: row.id })).version).toBe(1);
  });

  it(`stops at ${QUESTION_LIMITS.maxQuestions} questions`, async () => {
    const full = Array.from({ length: QUESTION_LIMITS.maxQuestions }, () => question('pageBreak'));
    const row = await seedSurvey(app, owner.userId, full);
    expect(
      await rejection(
        client.surveys.questions.insert.mutate({ surveyId: row.id, version: 1, index: 0, type: 'pageBreak' }),
      ),
    ).toEqual({ status: 400, message: SURVEY_MSG.tooManyQuestions });
  });

  it('lets one of two inserts based on the same version win', async () => {
    const row = await seedSurvey(app, owner.userId);
    const results = await Promise.allSettled(
      [0, 1].map(() =>
        client.surveys.questions.insert.mutate({ surveyId: row.id, version: 1, index: 0, type: 'pageBreak' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await client.surveys.get.query({ id: row.id })).questions).toHaveLength(1);
  });
});

describe('surveys.questions.update (PUT /surveys/{surveyId}/questions/{questionId})', () => {
  it('saves the fields sent, sanitizing the text, and settles the relationship source', async () => {
    const { row, all, source } = await linkedSurvey();
    const target = all[4]!;
    const res = await restOf(app, owner).call('PUT', `/api/base/surveys/${row.id}/questions/${target._id}`, {
      version: 1,
      question: { text: '<p>How many <b>years</b>?<script>x</script></p>', type: 'singleNumeric', isRequired: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    expect(res.body.questions[4]).toMatchObject({
      _id: target._id,
      type: 'singleNumeric',
      text: '<p>How many <b>years</b>?</p>',
      isRequired: true,
      abbreviation: target.abbreviation,
    });

    const piped = await client.surveys.questions.update.mutate({
      surveyId: row.id,
      questionId: all[2]!._id,
      version: 2,
      question: { list: randomUUID(), previousQn: [source._id] },
    });
    expect(piped.questions[2]).toMatchObject({ list: null, previousQn: [source._id] });
  });

  it.each<[string, (q: TQuestionData[]) => [number, Record<string, unknown>], number, string]>([
    ['blank text', () => [4, { text: '<p> <br></p>' }], 400, 'Question text cannot be blank'],
    [
      'text that sanitizes to nothing',
      () => [4, { text: '<script>alert(1)</script>' }],
      400,
      SURVEY_MSG.questionTextBlank,
    ],
    ['text too long', () => [4, { text: 'x'.repeat(20_001) }], 400, SURVEY_MSG.questionTextTooLong],
    ['a page break turned into a question', () => [1, { type: 'freeFormText' }], 400, SURVEY_MSG.typeFixed],
    ['a question turned into descriptive text', () => [4, { type: 'descriptiveText' }], 400, SURVEY_MSG.typeFixed],
    ['piping from a later question', (q) => [2, { previousQn: [q[5]!._id] }], 400, SURVEY_MSG.previousQnNotEligible],
    ['piping from a textbox', (q) => [5, { previousQn: [q[4]!._id] }], 400, SURVEY_MSG.previousQnNotEligible],
    ['min above max', () => [2, { minimumSelections: 3, maximumSelections: 1 }], 400, SURVEY_MSG.minAboveMax],
    ['a string for a flag', () => [4, { isRequired: 'true' }], 400, 'Must be true or false'],
    ['blank options', () => [2, { selectionOptions: [{ _id: 'a', title: '' }] }], 400, SURVEY_MSG.optionBlank],
    [
      'a source others pipe from becoming a textbox',
      () => [0, { type: 'freeFormText' }],
      409,
      'This question is linked to by Question(s) 2, 4',
    ],
    [
      'a source others pipe from leaving relationship questions',
      () => [0, { isRelationshipQuestion: false }],
      409,
      SURVEY_MSG.linkedBy([2, 4]),
    ],
  ])('refuses %s', async (_, change, status, message) => {
    const { row, all } = await linkedSurvey();
    const [index, body] = change(all);
    const res = await restOf(app, owner).call('PUT', `/api/base/surveys/${row.id}/questions/${all[index]!._id}`, {
      version: 1,
      question: body,
    });
    expect(res).toMatchObject({ status, body: { message } });
    expect((await client.surveys.get.query({ id: row.id })).version).toBe(1);
  });

  it('lets a page break be saved without text', async () => {
    const { row, all } = await linkedSurvey();
    const saved = await client.surveys.questions.update.mutate({
      surveyId: row.id,
      questionId: all[1]!._id,
      version: 1,
      question: { text: '' },
    });
    expect(saved.version).toBe(2);
  });

  it('answers 404 for a question that is not the survey’s, 409 for a stale version', async () => {
    const { row, all } = await linkedSurvey();
    const other = await linkedSurvey();
    const update = (questionId: string, version = 1) =>
      client.surveys.questions.update.mutate({ surveyId: row.id, questionId, version, question: { isRequired: true } });
    const missing = { status: 404, message: SURVEY_MSG.questionNotFound };
    expect(await rejection(update(randomUUID()))).toEqual(missing);
    expect(await rejection(update(other.all[0]!._id))).toEqual(missing);
    expect(await rejection(update(all[0]!._id, 2))).toEqual(stale);
  });
});

describe('surveys.questions.duplicate (POST /surveys/{surveyId}/questions/{questionId}/duplicate)', () => {
  it('puts a copy with new ids right after the original, taking answers from the same questions', async () => {
    const { row, all, source } = await linkedSurvey();
    const res = await restOf(app, owner).post(`/surveys/${row.id}/questions/${all[2]!._id}/duplicate`, { version: 1 });
    expect(res.status).toBe(200);
    const { questionId, survey } = res.body;
    expect(ids(survey)).toEqual([
      ...ids({ questions: all }).slice(0, 3),
      questionId,
      ...ids({ questions: all }).slice(3),
    ]);
    const copy = survey.questions[3];
    expect(copy).toMatchObject({ type: 'multipleSelection', text: all[2]!.text, previousQn: [source._id] });
    const optionIds = (q: TQuestionData) => q.selectionOptions.map((o) => o._id);
    expect(optionIds(copy).some((id: string) => optionIds(all[2]!).includes(id))).toBe(false);
    expect(copy.selectionOptions.map((o: { title: string }) => o.title)).toEqual(
      all[2]!.selectionOptions.map((o) => o.title),
    );
  });

  it('refuses to pass the survey size limit (413)', async () => {
    const one = () => question('freeFormText', { text: `<p>${'x'.repeat(19_990)}</p>` });
    // As many as fit under the limit: the survey is still saved, one more copy is not.
    const fit = Math.floor(QUESTION_LIMITS.totalChars / (JSON.stringify(one()).length + 1));
    const big = Array.from({ length: fit }, one);
    expect(JSON.stringify(big).length).toBeLessThanOrEqual(QUESTION_LIMITS.totalChars);
    const row = await seedSurvey(app, owner.userId, big);
    expect(
      await rejection(
        client.surveys.questions.duplicate.mutate({ surveyId: row.id, questionId: big[0]!._id, version: 1 }),
      ),
    ).toEqual({ status: 413, message: SURVEY_MSG.surveyTooLarge });
  });
});

describe('surveys.questions.delete (DELETE /surveys/{surveyId}/questions/{questionId})', () => {
  it('refuses while others pipe from it, naming them as numbered (page breaks and descriptive text skipped)', async () => {
    const { row, all, source } = await linkedSurvey();
    const rest = restOf(app, owner);
    const del = (id: string, version: number) =>
      rest.call('DELETE', `/api/base/surveys/${row.id}/questions/${id}?version=${version}`);
    expect(await del(source._id, 1)).toMatchObject({
      status: 409,
      body: { message: 'This question is linked to by Question(s) 2, 4' },
    });
    expect((await del(all[5]!._id, 1)).status).toBe(200);
    expect(await del(source._id, 2)).toMatchObject({ status: 409, body: { message: SURVEY_MSG.linkedBy([2]) } });
    const gone = await del(all[2]!._id, 2);
    expect(gone.status).toBe(200);
    const last = await del(source._id, 3);
    expect(last.status).toBe(200);
    expect(ids(last.body)).toEqual([all[1]!._id, all[3]!._id, all[4]!._id]);
    expect(last.body.version).toBe(4);
  });

  it('answers 404 for an unknown question, 409 for a stale version, 400 without a version', async () => {
    const { row, all } = await linkedSurvey();
    const rest = restOf(app, owner);
    expect(await rest.call('DELETE', `/api/base/surveys/${row.id}/questions/${randomUUID()}?version=1`)).toMatchObject({
      status: 404,
      body: { message: SURVEY_MSG.questionNotFound },
    });
    expect(await rest.call('DELETE', `/api/base/surveys/${row.id}/questions/${all[4]!._id}?version=2`)).toMatchObject({
      status: 409,
      body: { message: SURVEY_MSG.stale },
    });
    expect((await rest.call('DELETE', `/api/base/surveys/${row.id}/questions/${all[4]!._id}`)).status).toBe(400);
    expect(
      await client.surveys.questions.delete.mutate({ surveyId: row.id, questionId: all[4]!._id, version: 1 }),
    ).toMatchObject({
      version: 2,
    });
  });
});

describe('surveys.questions.reorder (PUT /surveys/{surveyId}/questions/order)', () => {
  it('puts the questions in the order given, over REST too (not read as a question id)', async () => {
    const { row, all } = await linkedSurvey();
    const order = [all[0], all[4], all[1], all[2], all[3], all[5]].map((q) => q!._id);
    const res = await restOf(app, owner).call('PUT', `/api/base/surveys/${row.id}/questions/order`, {
      version: 1,
      order,
    });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(order);
    expect(res.body.questions.map((q: { page: number }) => q.page)).toEqual([0, 0, 0, 1, 1, 1]);
  });

  it.each<[string, (q: TQuestionData[]) => string[], string]>([
    ['a question missing', (q) => q.slice(1).map((x) => x._id), SURVEY_MSG.orderNotPermutation],
    ['a question twice', (q) => [...q.slice(1), q[1]!].map((x) => x._id), SURVEY_MSG.orderNotPermutation],
    ['an unknown id', (q) => [...q.slice(1).map((x) => x._id), randomUUID()], SURVEY_MSG.orderNotPermutation],
    [
      'a question above its source',
      (q) => [q[2], q[0], q[1], q[3], q[4], q[5]].map((x) => x!._id),
      'Question 2 uses answers from Question 1, so it must stay below it',
    ],
  ])('refuses %s', async (_, order, message) => {
    const { row, all } = await linkedSurvey();
    expect(
      await rejection(client.surveys.questions.reorder.mutate({ surveyId: row.id, version: 1, order: order(all) })),
    ).toEqual({
      status: 400,
      message,
    });
  });
});

describe('question operations on a survey the caller may not see', () => {
  it('answer 404 Survey not found for every operation', async () => {
    const { row, all } = await linkedSurvey();
    const outsider = clientOf(app, await seedUser(app, 'owner'));
    const ref = { surveyId: row.id, version: 1 };
    const hidden = { status: 404, message: MSG.surveyNotFound };
    // One at a time, each awaited as it is made: a call left pending would reject unobserved.
    const calls = [
      () => outsider.surveys.questions.insert.mutate({ ...ref, index: 0, type: 'pageBreak' }),
      () =>
        outsider.surveys.questions.update.mutate({ ...ref, questionId: all[4]!._id, question: { isRequired: true } }),
      () => outsider.surveys.questions.duplicate.mutate({ ...ref, questionId: all[4]!._id }),
      () => outsider.surveys.questions.delete.mutate({ ...ref, questionId: all[4]!._id }),
      () => outsider.surveys.questions.reorder.mutate({ ...ref, order: ids({ questions: all }) }),
    ];
    for (const call of calls) expect(await rejection(call())).toEqual(hidden);
    const [stored] = await app.server.deps.db.select().from(surveys).where(eq(surveys.id, row.id));
    expect(stored!.version).toBe(1);
  });
});
