import { expect, test } from '@playwright/test';
import { linkFromMailbox } from './helpers';
import {
  answerOf,
  api,
  buildSurvey,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  LINK_EMAILED_TO_LIST,
  ownerPage,
  PHONE,
  SHOTS,
  startAs,
  storedResponse,
  type TBuiltSurvey,
} from './respondent-setup';

test.describe.configure({ mode: 'serial' });

let survey: TBuiltSurvey;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  survey = await buildSurvey(browser);
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the single link asks for a name from the respondent list, mails that person their link, and the mailed link answers', async ({
    page,
  }) => {
    await page.goto(`/responses/start/${survey.id}`);
    await expect(page.getByRole('heading', { name: survey.name })).toBeVisible();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('Please fill in this field')).toBeVisible();
    // One character is not searched (the server refuses it to respondents): the hint says so.
    await page.getByLabel('Your name').fill('P');
    await expect(page.getByText('Type at least 2 characters to search')).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/start-too-short.png`, fullPage: true });
    await page.getByLabel('Your name').fill('Person 02');
    await expect(page.getByRole('radio')).toHaveCount(10);
    await page.getByLabel('Your name').fill('Nobody at all');
    await expect(page.getByText('No matches found')).toBeVisible();
    await page.getByLabel('Your name').fill('Person 020');
    await page.getByRole('radio', { name: 'Person 020' }).check();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/start.png`, fullPage: true });
    // Picking a listed name never opens that person's link: it is mailed to the address on the list.
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText(LINK_EMAILED_TO_LIST)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/responses/start/${survey.id}$`));
    await expect(page.getByText('person20@example.com')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/start-emailed.png`, fullPage: true });

    const link = await linkFromMailbox(
      page,
      'person20@example.com',
      `Your link to the survey ${survey.name}`,
      'Open the survey',
    );
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: /What is your role/ }).fill('Analyst');
    await page.getByRole('spinbutton', { name: /How many years/ }).fill('2');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 4')).toBeVisible();
    const saved = await storedResponse(page, link.split('/').pop()!);
    expect(answerOf(saved, survey.q.role!)?.[0]?.text).toBe('Analyst');
  });

  test('an unknown test link says the link is not valid', async ({ page }) => {
    await page.goto(`/responses/test/${crypto.randomUUID()}`);
    await expect(page.getByText(/not valid/i).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('the builder previews questions, the welcome page and the completion page; nothing is saved', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await ownerPage(browser);
  await page.goto(`/surveys/${survey.id}/questions`);
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys/${survey.id}/questions/preview$`));
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  const frame = page.frameLocator('iframe[title="Survey preview"]');
  await expect(frame.getByText('Page 1 of 4')).toBeVisible();
  await expect(frame.getByText('Preview: nothing is saved')).toBeVisible();
  await frame.getByRole('textbox', { name: /What is your role/ }).fill('Owner');
  await frame.getByRole('spinbutton', { name: /How many years/ }).fill('1');
  await frame.getByRole('button', { name: 'Next' }).click();
  await frame.getByRole('radio', { name: 'London' }).check();
  for (const row of ['Email', 'Chat']) {
    await frame.getByRole('group', { name: row, exact: true }).getByRole('radio', { name: 'Daily' }).check();
  }
  await frame.getByRole('button', { name: 'Next' }).click();
  const projects = frame.getByRole('group', { name: /Which projects/ });
  await projects.getByRole('searchbox').fill('No such project anywhere');
  await projects.getByRole('textbox', { name: 'Name', exact: true }).fill('Preview project');
  await projects.getByRole('button', { name: 'Add' }).click();
  await expect(projects.getByText('Cannot add names in preview mode')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-preview.png` });
  await expectNoAxeViolations(page);
  // The respondent flow's own close button closes the builder's dialog.
  await frame.getByRole('button', { name: 'Close the preview' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/surveys/${survey.id}/questions$`));

  await page.goto(`/surveys/${survey.id}/completion-message`);
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(frame.getByText('Thank you, Preview. Your answers help the whole team.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto(`/surveys/${survey.id}/welcome-message`);
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys/${survey.id}/welcome-message/survey-preview$`));
  await expect(frame.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test.describe('survey status', () => {
  test.use(PHONE);

  test('an Offline survey says it is not open yet, a Completed one that it is closed', async ({ page, browser }) => {
    const uuid = await startAs(page, survey.id, 'Person 030');
    const owner = await ownerPage(browser);
    await owner.goto('/networks');
    const setStatus = async (status: string) => {
      const { version } = await api<{ version: number }>(owner, 'GET', `/api/base/surveys/${survey.id}`);
      await api(owner, 'PUT', `/api/base/surveys/${survey.id}`, { survey: { version, status } });
    };
    await setStatus('Offline');
    await page.goto(`/responses/${uuid}`);
    await expect(page.getByText('This survey is not open for responses yet')).toBeVisible();
    await expectNoAxeViolations(page);
    await setStatus('Completed');
    await page.reload();
    await expect(page.getByText('This survey is closed and no longer accepts responses')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/closed.png`, fullPage: true });
    await setStatus('Collecting');
    await owner.context().close();
  });
});
