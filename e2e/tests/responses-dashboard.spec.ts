import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unique } from './helpers';
import { api, expectNoAxeViolations, ownerPage, uploadList } from './respondent-setup';

// The owner's responses dashboard (spec §2): counts, the chart and the list follow a respondent who
// answers through their personal link in another browser; search, filter, Edit Status, a bounced
// address, the download link and Clear all.

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/dashboard';
type Row = { _id: string; randomUUID: string; name: string; status: string };
type Survey = { _id: string; version: number; questions: { _id: string }[] };

let owner: Page;
let surveyId: string;
let rows: Row[];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  owner = await ownerPage(browser);
  await owner.goto('/networks');
  let survey = await api<Survey>(owner, 'POST', '/api/base/surveys/', { name: `Dashboard E2E ${unique()}` });
  surveyId = survey._id;
  await uploadList(owner, `/api/base/lists/uploadRespondentList/${surveyId}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ['Ada Lovelace', 'ada@example.com'],
    ['Alan Turing', 'alan@example.com'],
    ['Grace Hopper', 'grace@example.com'],
    ['Bob Bounce', 'bob@bad.example.com'],
  ]);
  const created = await api<{ questionId: string; survey: Survey }>(
    owner,
    'POST',
    `/api/base/surveys/${surveyId}/questions`,
    { version: survey.version, index: 0, type: 'freeFormText' },
  );
  survey = await api<Survey>(owner, 'PUT', `/api/base/surveys/${surveyId}/questions/${created.questionId}`, {
    version: created.survey.version,
    question: { text: '<p>What is your role?</p>', shortTextInput: true },
  });
  await api(owner, 'PUT', `/api/base/surveys/${surveyId}`, {
    survey: { version: survey.version, status: 'Collecting' },
  });
  rows = (await api<{ nodes: Row[] }>(owner, 'GET', `/api/base/responses/paged/${surveyId}`)).nodes;
  // The mail to Bob bounced (the Emails tab's sending would mark it so).
  await api(owner, 'PUT', `/api/base/responses/status/${rowOf('Bob Bounce')._id}`, { status: 'Bounced' });
});

const rowOf = (name: string) => rows.find((r) => r.name === name)!;
const box = (label: string) => owner.getByTestId(`info-${label}`);
const listRows = () => owner.getByTestId('response-row');
const names = () => owner.getByTestId('response-name');

test('the dashboard follows a respondent answering through their personal link', async ({ browser }) => {
  test.setTimeout(90_000);
  await owner.goto(`/surveys/${surveyId}/responses`);
  await expect(owner.getByRole('heading', { name: 'Responses', exact: true })).toBeVisible();
  await expect(box('Respondents')).toHaveText('4');
  await expect(box('Responses Received')).toHaveText('0');
  await expect(box('Response Rate')).toHaveText('0%');
  await expect(box('Bounced Addresses')).toHaveText('1');
  await expect(owner.getByText('No responses received yet.')).toBeVisible();
  // Name ascending by default.
  await expect(names()).toHaveText(['Ada Lovelace', 'Alan Turing', 'Bob Bounce', 'Grace Hopper']);
  await expect(names().first()).toHaveAttribute('href', `/responses/replay/${rowOf('Ada Lovelace')._id}`);

  const respondent = await (await browser.newContext()).newPage();
  await respondent.goto(`/responses/${rowOf('Ada Lovelace').randomUUID}`);
  await respondent.getByRole('button', { name: 'Continue' }).click();
  await respondent.getByRole('textbox', { name: /What is your role/ }).fill('Mathematician');
  await respondent.getByRole('button', { name: 'Submit' }).click();
  await expect(respondent.getByRole('button', { name: 'Submit' })).toBeHidden();
  await respondent.context().close();

  // No reload: the page polls every 10 s.
  await expect(box('Responses Received')).toHaveText('1', { timeout: 20_000 });
  await expect(box('Response Rate')).toHaveText('25%');
  await expect(owner.getByTestId('responses-chart')).toBeVisible({ timeout: 20_000 });
  await expect(owner.locator('figcaption')).toContainText('1 response received on');
  const ada = listRows().filter({ hasText: 'Ada Lovelace' });
  await expect(ada).toContainText(/\d{1,2}-[A-Z][a-z]{2}-\d{2} \d{1,2}:\d{2} (am|pm)/);
  await expect(ada.getByRole('button', { name: /Status of Ada Lovelace/ })).toHaveText('Submitted');
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true });
  // The name opens the response in the respondent app's replay (a full page load), and Back returns.
  await ada.getByTestId('response-name').click();
  await expect(owner).toHaveURL(new RegExp(`/responses/replay/${rowOf('Ada Lovelace')._id}$`));
  await expect(owner.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await owner.goBack();
  await expect(box('Responses Received')).toHaveText('1');
});

test('search hides paging and sorting; a status filter hides sorting', async () => {
  await owner.getByPlaceholder('Search by name or email').fill('GRACE@');
  await expect(names()).toHaveText(['Grace Hopper']);
  await expect(owner.getByLabel('Sort by')).toBeHidden();
  await expect(owner.getByLabel('Filter by status')).toBeHidden();
  await owner.getByPlaceholder('Search by name or email').fill('');
  await expect(listRows()).toHaveCount(4);
  await expect(owner.getByLabel('Sort by')).toBeVisible();

  await owner.getByRole('link', { name: 'View submitted' }).click();
  await expect(owner.getByLabel('Filter by status')).toHaveValue('Submitted');
  await expect(names()).toHaveText(['Ada Lovelace']);
  await expect(owner.getByLabel('Sort by')).toBeHidden();
  await owner.getByLabel('Filter by status').selectOption('');
  await owner.getByLabel('Sort by').selectOption('submitted');
  await owner.getByLabel('Sort order').selectOption('-1');
  // Descending by submitted time: the unsubmitted (no time) first, by id; Ada last.
  await expect(names().last()).toHaveText('Ada Lovelace');
  await owner.getByLabel('Sort by').selectOption('name');
  await owner.getByLabel('Sort order').selectOption('1');
});

test('Edit Status offers all seven statuses and changes one', async () => {
  await owner.getByRole('button', { name: /Status of Alan Turing/ }).click();
  await expect(owner).toHaveURL(new RegExp(`/responses/${rowOf('Alan Turing')._id}/update-status`));
  const dialog = owner.getByRole('dialog', { name: 'Edit Status' });
  await expect(dialog.getByRole('radio')).toHaveCount(7);
  await expect(dialog).toContainText('the current status is Not Sent');
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/edit-status.png` });
  await dialog.getByRole('radio', { name: 'Starred' }).check();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('button', { name: /Status of Alan Turing/ })).toHaveText('Starred');
});

test('a bounced address is corrected and ready to resend', async () => {
  await owner.getByRole('link', { name: 'Edit Addresses' }).click();
  await expect(names()).toHaveText(['Bob Bounce']);
  await expect(owner.getByRole('link', { name: 'Resend to Bob Bounce' })).toHaveAttribute(
    'href',
    `/surveys/${surveyId}/emails?status=Bounced`,
  );
  await owner.getByRole('button', { name: 'Edit address of Bob Bounce' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Edit Address' });
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Another respondent of this survey already has this email address');
  await dialog.getByLabel('Email').fill('bob@good.example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The toast offers the resend: the Emails tab with Not Sent selected.
  await expect(owner.getByText('Address updated')).toBeVisible();
  await expect(listRows()).toHaveCount(0);
  await expect(box('Bounced Addresses')).toHaveText('0');
  await owner.getByLabel('Filter by status').selectOption('Not Sent');
  await expect(names()).toContainText(['Bob Bounce']);
});

test('download link and Clear all responses', async () => {
  await owner.getByLabel('Filter by status').selectOption('');
  const download = owner.getByRole('link', { name: 'Download responses' });
  await expect(download).toHaveAttribute('href', `/api/base/responses/all/${surveyId}/xlsx`);
  // The export route answers the workbook (an xlsx is a zip: it starts with PK).
  const [file] = await Promise.all([owner.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await owner.getByRole('button', { name: 'Clear all responses' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Clear all responses' });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByLabel('Type Delete to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText('Responses cleared')).toBeVisible();
  await expect(box('Responses Received')).toHaveText('0');
  await expect(owner.getByRole('button', { name: /Status of Ada Lovelace/ })).toHaveText('Not Started');
  await expect(owner.getByText('No responses received yet.')).toBeVisible();
});

test('fits a phone', async () => {
  await owner.setViewportSize({ width: 360, height: 740 });
  await owner.goto(`/surveys/${surveyId}/responses`);
  await expect(box('Respondents')).toHaveText('4');
  await expect(names()).toHaveCount(4);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/dashboard-phone.png`, fullPage: true });
});
