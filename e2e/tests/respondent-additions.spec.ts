import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { unique } from './helpers';
import { addQuestion, api, expectNoAxeViolations, ownerPage, PHONE, type Survey, uploadList } from './respondent-setup';

// Issue 21 items 4 and 5 on a phone: a slider submitted untouched saves the value it shows (read back
// from the owner's xlsx export), and a respondent adding names meets the question's cap; the owner then
// sees the people added marked in the dashboard and the Lists tab.

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/additions';
type Row = { _id: string; randomUUID: string; name: string; addedByRespondent: boolean };

let owner: Page;
let surveyId: string;
let q: Record<string, string>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  owner = await ownerPage(browser);
  await owner.goto('/networks');
  let survey = await api<Survey>(owner, 'POST', '/api/base/surveys/', { name: `Additions E2E ${unique()}` });
  surveyId = survey._id;
  await uploadList(owner, `/api/base/lists/uploadRespondentList/${surveyId}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ['Ada Lovelace', 'ada@example.com'],
    ['Alan Turing', 'alan@example.com'],
    ['Grace Hopper', 'grace@example.com'],
  ]);
  q = {};
  const add = async (key: string, type: string, changes: Record<string, unknown>) => {
    const added = await addQuestion(owner, survey, type, changes);
    survey = added.survey;
    q[key] = added.questionId;
  };
  await add('ease', 'numericRange', {
    text: '<p>How easy is it to get the information you need?</p>',
    abbreviation: 'Ease',
    numericRangeMax: 10,
    numericRangeDefault: 7,
    numericRangeShowValues: true,
  });
  await add('break', 'pageBreak', {});
  await add('helpers', 'searchAndSelect', {
    text: '<p>Who outside this list helps you?</p>',
    isRelationshipQuestion: true,
    allowMultipleSelections: true,
    allowAdditionalNames: true,
    maximumAdditionalNames: 2,
  });
  await api(owner, 'PUT', `/api/base/surveys/${surveyId}`, {
    survey: { version: survey.version, status: 'Collecting' },
  });
});

const rows = async () => (await api<{ nodes: Row[] }>(owner, 'GET', `/api/base/responses/paged/${surveyId}`)).nodes;

async function respondentPage(browser: Browser, name: string) {
  const link = (await rows()).find((r) => r.name === name)!.randomUUID;
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(`/responses/${link}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  return page;
}

async function addPerson(page: Page, name: string, email: string) {
  const group = page.getByRole('group', { name: /Who outside this list/ });
  await group.getByRole('searchbox').fill(name);
  const form = group.getByRole('form', { name: 'Add a name' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(group.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
}

test('a slider submitted untouched saves the value it shows, as the export reads it', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await respondentPage(browser, 'Alan Turing');
  const slider = page.getByRole('slider', { name: /How easy/ });
  await expect(slider).toHaveValue('7');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: /thank you/i })).toBeVisible();
  await page.context().close();

  await owner.goto(`/surveys/${surveyId}/responses`);
  const [file] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('link', { name: 'Download responses' }).click(),
  ]);
  const book = XLSX.read(readFileSync((await file.path())!));
  const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Nodes!, { header: 1 });
  const header = sheet[0] as string[];
  const alan = sheet.find((r) => r[header.indexOf('Name')] === 'Alan Turing')!;
  expect(alan[header.indexOf('Ease')]).toBe(7);
});

test('a respondent adding names meets the cap with a clear message, on a phone', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await respondentPage(browser, 'Ada Lovelace');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await addPerson(page, 'Zed One', 'zed.one@example.com');
  await addPerson(page, 'Zed Two', 'zed.two@example.com');
  const group = page.getByRole('group', { name: /Who outside this list/ });
  await group.getByRole('searchbox').fill('Zed Three');
  await expect(
    group.getByRole('status').filter({ hasText: 'You can add at most 2 names to this question' }),
  ).toBeVisible();
  await expect(group.getByRole('form', { name: 'Add a name' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/cap-reached-phone.png`, fullPage: true });
  await page.context().close();
});

test('the owner sees the people added marked in the dashboard and the Lists tab', async () => {
  expect((await rows()).filter((r) => r.addedByRespondent).map((r) => r.name)).toEqual(['Zed One', 'Zed Two']);
  await owner.goto(`/surveys/${surveyId}/responses`);
  const zed = owner.getByTestId('response-row').filter({ hasText: 'Zed One' });
  await expect(zed.getByText('Added by respondent')).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/dashboard-added.png`, fullPage: true });
  await owner.goto(`/surveys/${surveyId}/lists`);
  await expect(owner.getByText('2 added by respondents')).toBeVisible();
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/lists-added.png` });
});

test('the builder sets the cap per question, within 1 to 100', async () => {
  await owner.goto(`/surveys/${surveyId}/questions/${q.helpers}/edit`);
  const cap = owner.getByLabel('Maximum additional names');
  await expect(cap).toHaveValue('2');
  await cap.fill('0');
  await owner.getByRole('button', { name: 'Finish' }).click();
  await expect(owner.getByText('Enter a whole number from 1 to 100')).toBeVisible();
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/builder-cap.png` });
  await cap.fill('5');
  await owner.getByRole('button', { name: 'Finish' }).click();
  await expect(cap).toHaveCount(0);
  const survey = await api<{ questions: { _id: string; maximumAdditionalNames: number }[] }>(
    owner,
    'GET',
    `/api/base/surveys/${surveyId}`,
  );
  expect(survey.questions.find((x) => x._id === q.helpers)!.maximumAdditionalNames).toBe(5);
});
