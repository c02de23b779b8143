import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  api,
  buildSurvey,
  expectNoAxeViolations,
  PHONE,
  SHOTS,
  startAs,
  storedResponse,
  type TBuiltSurvey,
  type TStoredResponse,
} from './respondent-setup';

test.use(PHONE);
test.describe.configure({ mode: 'serial' });

let survey: TBuiltSurvey;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  survey = await buildSurvey(browser);
});

const OFFLINE = 'You are offline. Your answers are kept on this device and will be sent when you are back online.';
const SUBMIT_QUEUED = /will be submitted as soon as you are back online/;
const CONFLICT = 'Also answered on another device';

async function answerPage1(page: Page, role: string) {
  await page.getByRole('textbox', { name: /What is your role/ }).fill(role);
  await page.getByRole('spinbutton', { name: /How many years/ }).fill('3');
}

async function answerPage2(page: Page) {
  await page.getByRole('radio', { name: 'New York' }).check();
  for (const row of ['Email', 'Chat']) {
    await page.getByRole('group', { name: row, exact: true }).getByRole('radio', { name: 'Daily' }).check();
  }
}

test('going offline mid-survey loses nothing; a submission made offline can be taken back, changed and sent when back', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const uuid = await startAs(page, survey.id, 'Person 010');
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerPage1(page, 'Analyst');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();

  await context.setOffline(true);
  await answerPage2(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/offline.png`, fullPage: true });
  const colleagues = page.getByRole('group', { name: /Who have you worked with/ });
  await colleagues.getByRole('listbox').getByRole('option', { name: 'Person 002' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  // The completion page shows at once and says the submission waits on this device.
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  const waiting = page.getByRole('status').filter({ hasText: SUBMIT_QUEUED });
  await expect(waiting).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/offline-submit.png`, fullPage: true });

  // Still offline, the respondent takes the submission back, changes an answer and submits again.
  await page.getByRole('button', { name: 'Change my answers' }).click();
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  await colleagues.getByRole('listbox').getByRole('option', { name: 'Person 003' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(waiting).toBeVisible();

  await context.setOffline(false);
  await expect(waiting).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Change my answers' })).toBeHidden();
  const stored = await storedResponse(page, uuid);
  expect(stored.status).toBe('Submitted');
  expect(answerOf(stored, survey.q.role!)).toEqual([{ text: 'Analyst' }]);
  expect(answerOf(stored, survey.q.office!)?.[0]?.selectedIds).toEqual(['o2']);
  expect(answerOf(stored, survey.q.tools!)).toHaveLength(2);
  expect(answerOf(stored, survey.q.colleagues!)?.[0]?.selectedIds).toHaveLength(2);
});

test('reloading mid-survey restores answers the server has not confirmed', async ({ page }) => {
  test.setTimeout(90_000);
  const uuid = await startAs(page, survey.id, 'Person 011');
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerPage1(page, 'Manager');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await expect(page.getByText(/Last saved/)).toBeVisible();

  // Saves stop reaching the server; what is typed stays on the device.
  await page.route(`**/api/base/responses/${uuid}`, (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.getByRole('radio', { name: 'Singapore' }).check();
  await page.getByRole('checkbox', { name: 'Spanish' }).check();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  expect(answerOf(await storedResponse(page, uuid), survey.q.office!)).toBeUndefined();

  await page.unroute(`**/api/base/responses/${uuid}`);
  await page.reload();
  // Back on the page it was on, with what it kept.
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Singapore' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
  // And they reach the server.
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.office!)?.[0]?.selectedIds)
    .toEqual(['o3']);
  expect(answerOf(await storedResponse(page, uuid), survey.q.role!)).toEqual([{ text: 'Manager' }]);
});

test('two devices answering one link never overwrite each other', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const uuid = await startAs(page, survey.id, 'Person 012');
  const other = await browser.newPage(PHONE);
  await page.goto(`/responses/${uuid}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  // The response has started: the other device opens on the page it was started on.
  await other.goto(`/responses/${uuid}`);
  await expect(other.getByText('Page 1 of 4')).toBeVisible();
  await page.getByRole('textbox', { name: /What is your role/ }).fill('Typed on the phone');
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.role!))
    .toEqual([{ text: 'Typed on the phone' }]);
  // The tablet saves from an older revision: the server answers 409, the tablet merges and saves again.
  await other.getByRole('textbox', { name: /working together easier/ }).fill('Typed on the tablet');
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.ideas!))
    .toEqual([{ text: 'Typed on the tablet' }]);
  expect(answerOf(await storedResponse(page, uuid), survey.q.role!)).toEqual([{ text: 'Typed on the phone' }]);
  await expect(other.getByRole('textbox', { name: /What is your role/ })).toHaveValue('Typed on the phone');
  await other.close();
});

test('reopening the link returns to the page the respondent was on, on this device and on another', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const uuid = await startAs(page, survey.id, 'Person 013');
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerPage1(page, 'Planner');
  await page.getByRole('button', { name: 'Next' }).click();
  await answerPage2(page);
  await expect.poll(async () => answerOf(await storedResponse(page, uuid), survey.q.tools!)).toHaveLength(2);
  // Page 3 is only looked at: nothing is saved from it.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 3 of 4')).toBeVisible();

  // The same device remembers the page; another device resumes where the last answer was saved.
  await page.goto(`/responses/${uuid}`);
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  const laptop = await (await browser.newContext(PHONE)).newPage();
  await laptop.goto(`/responses/${uuid}`);
  await expect(laptop.getByText('Page 2 of 4')).toBeVisible();
  await expect(laptop.getByRole('radio', { name: 'New York' })).toBeChecked();
  await expectNoAxeViolations(laptop);

  // Once the other device has saved, it is the page to come back to, here too.
  await laptop.getByRole('checkbox', { name: 'French' }).check();
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.languages!)?.[0]?.selectedIds)
    .toEqual(['o2']);
  await page.reload();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'French' })).toBeChecked();
  await laptop.context().close();
});

test('two devices answering the same question: the second is told and can take the other answer; choices merge', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const uuid = await startAs(page, survey.id, 'Person 014');
  const tablet = await (await browser.newContext(PHONE)).newPage();
  await tablet.goto(`/responses/${uuid}`);
  for (const device of [page, tablet]) {
    await device.getByRole('button', { name: 'Continue' }).click();
    await expect(device.getByText('Page 1 of 4')).toBeVisible();
  }
  const role = (device: Page) => device.getByRole('textbox', { name: /What is your role/ });
  await role(page).fill('Typed on the phone');
  await page.getByRole('spinbutton', { name: /How many years/ }).fill('3');
  await expect.poll(async () => answerOf(await storedResponse(page, uuid), survey.q.years!)).toEqual([{ numeric: 3 }]);

  // The tablet saves from an older revision: its answer is kept, and the phone's is shown beside it.
  await role(tablet).fill('Typed on the tablet');
  const question = tablet.getByRole('group', { name: /What is your role/ });
  const notice = question.getByRole('status').filter({ hasText: CONFLICT });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Typed on the phone');
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.role!))
    .toEqual([{ text: 'Typed on the tablet' }]);
  await expect(tablet.getByRole('spinbutton', { name: /How many years/ })).toHaveValue('3');
  await expectNoAxeViolations(tablet);
  await tablet.screenshot({ path: `${SHOTS}/conflict.png`, fullPage: true });

  // Keyboard: the respondent takes the phone's answer.
  await notice.getByRole('button', { name: 'Use the other answer' }).focus();
  await tablet.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  await expect(role(tablet)).toHaveValue('Typed on the phone');
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.role!))
    .toEqual([{ text: 'Typed on the phone' }]);

  // A multiple choice changed on both devices keeps both choices, without a notice.
  for (const device of [page, tablet]) {
    await device.getByRole('button', { name: 'Next' }).click();
    await expect(device.getByText('Page 2 of 4')).toBeVisible();
  }
  await page.getByRole('checkbox', { name: 'English' }).check();
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.languages!)?.[0]?.selectedIds)
    .toEqual(['o1']);
  await tablet.getByRole('checkbox', { name: 'Mandarin' }).check();
  await expect
    .poll(async () => answerOf(await storedResponse(page, uuid), survey.q.languages!)?.[0]?.selectedIds?.sort())
    .toEqual(['o1', 'o3']);
  await expect(tablet.getByRole('checkbox', { name: 'English' })).toBeChecked();
  await expect(tablet.getByText(CONFLICT)).toHaveCount(0);
  await tablet.context().close();
});

test('a submission waiting offline is paused when another device changed the same answer', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const uuid = await startAs(page, survey.id, 'Person 015');
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerPage1(page, 'Planner');
  await page.getByRole('button', { name: 'Next' }).click();
  await answerPage2(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('group', { name: /Who have you worked with/ })
    .getByRole('listbox')
    .getByRole('option', { name: 'Person 002' })
    .click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  const contact = page.getByRole('group', { name: /How often do you talk/ });
  await context.setOffline(true);
  await contact.getByRole('radio', { name: 'Daily' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: SUBMIT_QUEUED })).toBeVisible();

  // Meanwhile a laptop answers the same question otherwise (through the REST path the app uses).
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto('/login');
  const { answers, revision } = await api<{ answers: TStoredResponse['answers']; revision: number }>(
    laptop,
    'GET',
    `/api/base/responses/${uuid}`,
  );
  const person = answers.find((a) => a.questionId === survey.q.colleagues)!.dataInput[0]!.selectedIds![0]!;
  await api(laptop, 'PUT', `/api/base/responses/${uuid}`, {
    randomUUID: uuid,
    survey: survey.id,
    answers: [
      ...answers.filter((a) => a.questionId !== survey.q.contact),
      { questionId: survey.q.contact, dataInput: [{ nodeId: person, selectedIds: ['o2'] }] },
    ],
    revision,
    saveId: crypto.randomUUID().replaceAll('-', ''),
    page: 3,
  });

  // Back online: nothing is submitted unseen; the phone shows the question with both answers.
  await context.setOffline(false);
  await expect(page.getByRole('alert')).toHaveText(
    'An answer was also changed on another device. Please check it, then submit again.',
  );
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  const notice = contact.getByRole('status');
  await expect(notice).toContainText('Person 002: Weekly');
  await expect(contact.getByRole('radio', { name: 'Daily' })).toBeChecked();
  expect((await storedResponse(laptop, uuid)).status).toBe('Started');
  await expectNoAxeViolations(page);

  // On another page, a line says where the other answer is.
  await page.getByRole('button', { name: 'Back' }).click();
  const elsewhere = page.getByRole('status').filter({ hasText: 'A question on page 4 was also answered differently' });
  await expect(elsewhere).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/conflict-elsewhere.png`, fullPage: true });
  await elsewhere.getByRole('button', { name: 'Go to page 4' }).click();
  await notice.getByRole('button', { name: 'Keep this device’s answer' }).click();
  await expect(notice).toBeHidden();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(async () => (await storedResponse(laptop, uuid)).status).toBe('Submitted');
  const stored = await storedResponse(laptop, uuid);
  expect(answerOf(stored, survey.q.contact!)).toEqual([{ nodeId: person, selectedIds: ['o1'] }]);
  await laptop.context().close();
});
