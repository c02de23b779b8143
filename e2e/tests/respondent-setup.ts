import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeViolations, grantCredits, linkFromMailbox, unique } from './helpers';

// Shared by the respondent-*.spec.ts journeys: an owner builds a survey with every question type through
// the REST API, and respondents answer it on a phone.

export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
export const SHOTS = process.env.E2E_SHOTS ?? 'test-results/respondent';

const OWNER_STATE = 'test-results/.respondent-owner.json';
type TStorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;

/**
 * A page signed in as the journeys' survey owner. They share one account per server run (its session is
 * kept in a file keyed by the run's demo link).
 */
export async function ownerPage(browser: Browser): Promise<Page> {
  const run = process.env.E2E_DEMO_LINK ?? '';
  if (existsSync(OWNER_STATE)) {
    const kept = JSON.parse(readFileSync(OWNER_STATE, 'utf8')) as { run: string; state: TStorageState };
    if (kept.run === run) return (await browser.newContext({ storageState: kept.state })).newPage();
  }
  const page = await (await browser.newContext()).newPage();
  // A new owner signs up (signed in at once) rather than signing in: the other specs use up the
  // per-address sign-in allowance, sign-ups have their own.
  await page.goto('/login');
  const id = unique();
  const { user } = await api<{ user: { _id: string } }>(page, 'POST', '/api/base/userLogins/signup', {
    name: `Survey Owner ${id}`,
    username: `owner${id}`,
    email: `owner-${id}@example.com`,
    password: 'correct horse battery',
    plan: 'professional',
  });
  // Every journey's survey lists 160 respondents: more than the sign-up allowance.
  await grantCredits({ userId: user._id }, 10_000);
  mkdirSync(dirname(OWNER_STATE), { recursive: true });
  writeFileSync(OWNER_STATE, JSON.stringify({ run, state: await page.context().storageState() }));
  return page;
}

/** A same-origin JSON call from the page (the owner's session cookie goes along when signed in). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

function xlsxBase64(rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return (XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer).toString('base64');
}

/** Uploads an xlsx list through the multipart REST path, as the Lists tab does. */
export async function uploadList(page: Page, path: string, title: string, type: string, rows: unknown[][]) {
  const data = xlsxBase64(rows);
  await page.evaluate(
    async ({ path, title, type, data }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.set('title', title);
      form.set('type', type);
      form.set('file', new Blob([bytes]), `${title}.xlsx`);
      const res = await fetch(path, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload ${title}: ${res.status} ${await res.text()}`);
    },
    { path, title, type, data },
  );
}

export type Survey = { _id: string; version: number; questions: { _id: string }[] };
type Question = Record<string, unknown>;

export const PEOPLE = Array.from({ length: 160 }, (_, i) => `Person ${String(i + 1).padStart(3, '0')}`);
export const PROJECT_COUNT = 10_000;
export const projectName = (i: number) => `Project ${String(i).padStart(5, '0')}`;

export interface TBuiltSurvey {
  id: string;
  name: string;
  q: Record<string, string>;
}

/** Appends a question of `type` through the questions API, then applies `changes`; the survey after both. */
export async function addQuestion(page: Page, survey: Survey, type: string, changes: Question = {}) {
  const path = `/api/base/surveys/${survey._id}/questions`;
  const created = await api<{ questionId: string; survey: Survey }>(page, 'POST', path, {
    version: survey.version,
    index: survey.questions.length,
    type,
  });
  if (Object.keys(changes).length === 0) return created;
  const changed = await api<Survey>(page, 'PUT', `${path}/${created.questionId}`, {
    version: created.survey.version,
    question: changes,
  });
  return { questionId: created.questionId, survey: changed };
}

/**
 * The survey every respondent journey answers: four pages with every question type, a 160-person
 * respondent list (a windowed list) and a 10,000-name supplementary list (search), piping from page 3
 * to page 4, a single link with name autocompletion, Collecting.
 */
export async function buildSurvey(browser: Browser): Promise<TBuiltSurvey> {
  const page = await ownerPage(browser);
  await page.goto('/networks');
  const name = `Respondent E2E ${unique()}`;
  let survey = await api<Survey>(page, 'POST', '/api/base/surveys/', { name });
  const id = survey._id;
  await uploadList(page, `/api/base/lists/uploadRespondentList/${id}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ...PEOPLE.map((p, i) => [p, `person${i + 1}@example.com`]),
  ]);
  await uploadList(page, `/api/base/lists/uploadSupplementaryList/${id}`, 'Projects', 'Supplementary List', [
    ['Name'],
    ...Array.from({ length: PROJECT_COUNT }, (_, i) => [projectName(i + 1)]),
  ]);
  const lists = await api<{ _id: string; title: string }[]>(page, 'GET', `/api/base/lists/all/${id}`);
  const projects = lists.find((l) => l.title === 'Projects')!._id;

  const q: Record<string, string> = {};
  const add = async (key: string, type: string, changes: Question) => {
    const added = await addQuestion(page, survey, type, changes);
    survey = added.survey;
    q[key] = added.questionId;
  };
  const options = (...titles: string[]) => titles.map((title, i) => ({ _id: `o${i + 1}`, title }));

  // Page 1: text, numbers, a slider, descriptive text.
  await add('intro', 'descriptiveText', { text: '<p>Thank you for taking part. It takes about five minutes.</p>' });
  await add('role', 'freeFormText', { text: '<p>What is your role?</p>', shortTextInput: true, isRequired: true });
  await add('ideas', 'freeFormText', { text: '<p>What would make working together easier?</p>' });
  await add('years', 'singleNumeric', { text: '<p>How many years have you worked here?</p>', isRequired: true });
  await add('ease', 'numericRange', {
    text: '<p>How easy is it to get the information you need?</p>',
    numericRangeMax: 10,
    numericRangeDefault: 5,
    numericRangeMinLabel: 'Very hard',
    numericRangeMaxLabel: 'Very easy',
    numericRangeShowValues: true,
  });
  await add('break1', 'pageBreak', {});
  // Page 2: choices and a regular matrix.
  await add('office', 'multipleSelection', {
    text: '<p>Which office do you work in?</p>',
    isRequired: true,
    selectionOptions: options('London', 'New York', 'Singapore'),
  });
  await add('floor', 'multipleSelection', {
    text: '<p>Which floor do you sit on?</p>',
    selectionType: 'dropdownType',
    selectionOptions: options('Ground', 'First', 'Second'),
  });
  await add('languages', 'multipleSelection', {
    text: '<p>Which languages do you speak at work?</p>',
    allowMultipleSelections: true,
    maximumSelections: 2,
    selectionOptions: options('English', 'French', 'Mandarin', 'Spanish'),
  });
  await add('tools', 'matrixSelection', {
    text: '<p>How often do you use these tools?</p>',
    isRequired: true,
    selectionOptions: options('Email', 'Chat'),
    columnHeadings: options('Daily', 'Weekly', 'Never'),
  });
  await add('break2', 'pageBreak', {});
  // Page 3: people from the respondent list (over 150: a windowed list) and a search over 10,000 names.
  await add('colleagues', 'multipleSelection', {
    text: '<p>Who have you worked with this month?</p>',
    isRelationshipQuestion: true,
    allowMultipleSelections: true,
    isRequired: true,
  });
  await add('projects', 'searchAndSelect', {
    text: '<p>Which projects have you worked on?</p>',
    isRelationshipQuestion: true,
    allowMultipleSelections: true,
    allowAdditionalNames: true,
    list: projects,
  });
  await add('break3', 'pageBreak', {});
  // Page 4: piped from page 3.
  await add('contact', 'matrixSelection', {
    text: '<p>How often do you talk with each of them?</p>',
    isRelationshipQuestion: true,
    previousQn: [q.colleagues],
    columnHeadings: options('Daily', 'Weekly', 'Monthly'),
  });
  await add('know', 'matrixSelection', {
    text: '<p>Which of them know each other?</p>',
    isRelationshipQuestion: true,
    allowMultipleSelections: true,
    previousQn: [q.colleagues],
    egoNetworkMapping: true,
    egoNetworkMappingSymmetric: true,
  });
  await add('mainProject', 'multipleSelection', {
    text: '<p>Which of these projects matters most to you?</p>',
    isRelationshipQuestion: true,
    previousQn: [q.projects],
  });

  await api(page, 'PUT', `/api/base/surveys/${id}`, {
    survey: {
      version: survey.version,
      status: 'Collecting',
      hasOpenLink: true,
      requireSignUp: true,
      nameAutocompletion: true,
      identifyingInformation: 'email',
      thankYouMessage: '<p>Thank you, {fullName}. Your answers help the whole team.</p>',
    },
  });
  await page.context().close();
  return { id, name, q };
}

/** A respondent-list person's address in buildSurvey's list: Person 007 is person7@example.com. */
export const emailOf = (person: string) => `person${Number(person.replace(/\D/g, ''))}@example.com`;

/**
 * Starts a response as a listed respondent does through the single link with name autocompletion:
 * chooses `person`, is told the link went to the address on the list (the server never hands a listed
 * person's link to whoever picks their name), and follows it from the mail to `email`. Answers the uuid.
 */
export async function startAs(page: Page, surveyId: string, person: string, email = emailOf(person)): Promise<string> {
  // The mail waits for a worker pass (2 s) and the mailbox's refresh (5 s): time the test did not plan for.
  test.info().setTimeout(test.info().timeout + 20_000);
  await page.goto(`/responses/start/${surveyId}`);
  const { name } = await api<{ name: string }>(page, 'GET', `/api/base/responses/start/${surveyId}`);
  await page.getByLabel('Your name').fill(person);
  await page.getByRole('radio', { name: person, exact: true }).check();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText(LINK_EMAILED_TO_LIST)).toBeVisible();
  const path = await linkFromMailbox(page, email, `Your link to the survey ${name}`, 'Open the survey');
  await page.goto(path);
  return path.split('/').pop()!;
}

/** RESPONDENT_MSG.linkEmailedToList: the email-sent state when the link went to the address on the list. */
export const LINK_EMAILED_TO_LIST = 'We have emailed your personal link to the address on the list';

export async function expectNoAxeViolations(page: Page) {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

export type TStoredResponse = {
  status: string;
  submitted: string | null;
  answers: {
    questionId: string;
    dataInput: { text?: string; numeric?: number; selectedIds?: string[]; nodeId?: string; optionId?: string }[];
  }[];
  names: Record<string, string>;
};

/** The stored response, read through the respondent's own REST path. */
export function storedResponse(page: Page, uuid: string) {
  return api<TStoredResponse>(page, 'GET', `/api/base/responses/${uuid}`);
}

export function answerOf(response: TStoredResponse, questionId: string) {
  return response.answers.find((a) => a.questionId === questionId)?.dataInput;
}
