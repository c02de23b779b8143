import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  buildSurvey,
  expectNoAxeViolations,
  PHONE,
  SHOTS,
  startAs,
  storedResponse,
  type TBuiltSurvey,
} from './respondent-setup';

test.use(PHONE);
test.describe.configure({ mode: 'serial' });

let survey: TBuiltSurvey;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  survey = await buildSurvey(browser);
});

const OFFLINE = 'You are offline. Your answers are kept on this device and will be sent when you are back online.';

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

test('going offline mid-survey loses nothing, and a submission made offline is sent when back', async ({
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
  await expect(page.getByText(/will be submitted as soon as you are back online/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-submit.png`, fullPage: true });

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible({ timeout: 20_000 });
  const stored = await storedResponse(page, uuid);
  expect(stored.status).toBe('Submitted');
  expect(answerOf(stored, survey.q.role!)).toEqual([{ text: 'Analyst' }]);
  expect(answerOf(stored, survey.q.office!)?.[0]?.selectedIds).toEqual(['o2']);
  expect(answerOf(stored, survey.q.tools!)).toHaveLength(2);
  expect(answerOf(stored, survey.q.colleagues!)?.[0]?.selectedIds).toHaveLength(1);
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
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
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
  for (const device of [page, other]) {
    await device.goto(`/responses/${uuid}`);
    await device.getByRole('button', { name: 'Continue' }).click();
    await expect(device.getByText('Page 1 of 4')).toBeVisible();
  }
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
