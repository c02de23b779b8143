import { type Browser, expect, type Page, test } from '@playwright/test';
import { unique } from './helpers';
import {
  addQuestion,
  api,
  expectNoAxeViolations,
  ownerPage,
  type Survey,
  startAs,
  uploadList,
} from './respondent-setup';

// Support replay (issue 9): an owner steps through a respondent's saves on the respondent's own pages.
// And a test email's link (issue 8): the whole flow, answers checked, nothing ever sent.

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/replay';
type History = { response: { answers: { questionId: string; dataInput: { text?: string }[] }[] }; saves: unknown[] };

/** A two-page survey with a single link: a role (page 1) and an office (page 2). */
async function twoPageSurvey(browser: Browser) {
  const page = await ownerPage(browser);
  await page.goto('/networks');
  let survey = await api<Survey>(page, 'POST', '/api/base/surveys/', { name: `Replay E2E ${unique()}` });
  const id = survey._id;
  await uploadList(page, `/api/base/lists/uploadRespondentList/${id}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ['Rita Replay', 'rita@example.com'],
    ['Sam Second', 'sam@example.com'],
  ]);
  const add = async (type: string, question: Record<string, unknown>) => {
    survey = (await addQuestion(page, survey, type, question)).survey;
  };
  await add('freeFormText', { text: '<p>What is your role?</p>', shortTextInput: true });
  await add('pageBreak', {});
  await add('multipleSelection', {
    text: '<p>Which office do you work in?</p>',
    selectionOptions: [
      { _id: 'o1', title: 'London' },
      { _id: 'o2', title: 'New York' },
    ],
  });
  await api(page, 'PUT', `/api/base/surveys/${id}`, {
    survey: {
      version: survey.version,
      status: 'Collecting',
      hasOpenLink: true,
      requireSignUp: true,
      nameAutocompletion: true,
      identifyingInformation: 'email',
    },
  });
  return { page, id };
}

const role = (page: Page) => page.getByRole('textbox', { name: /What is your role/ });

test('the owner replays a response save by save: the earlier answer, then the later one', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page: owner, id } = await twoPageSurvey(browser);

  // The respondent answers page 1, goes on to page 2, comes back to change their role and submits
  // (the office and the new role go in one save: Back does not save, Next does).
  const respondent = await (await browser.newContext()).newPage();
  const uuid = await startAs(respondent, id, 'Rita Replay', 'rita@example.com');
  await respondent.getByRole('button', { name: 'Continue' }).click();
  await role(respondent).fill('Analyst');
  await respondent.getByRole('button', { name: 'Next' }).click();
  await respondent.getByRole('radio', { name: 'London' }).check();
  await respondent.getByRole('button', { name: 'Back' }).click();
  await role(respondent).fill('Team lead');
  await respondent.getByRole('button', { name: 'Next' }).click();
  await respondent.getByRole('button', { name: 'Submit' }).click();
  await expect(respondent.getByText('Page 2 of 2')).toHaveCount(0);
  const { _id: responseId } = await api<{ _id: string }>(respondent, 'GET', `/api/base/responses/${uuid}`);
  await respondent.context().close();
  await expect
    .poll(async () => {
      const h = await api<History>(owner, 'GET', `/api/base/responses/history/${responseId}`);
      return h.response.answers.find((a) => a.dataInput[0]?.text)?.dataInput[0]?.text;
    })
    .toBe('Team lead');

  await owner.goto(`/responses/replay/${responseId}`);
  await expect(owner.getByRole('heading', { name: 'Rita Replay' })).toBeVisible();
  await expect(owner.getByText('Submitted', { exact: true }).first()).toBeVisible();
  const saves = owner.getByRole('navigation', { name: 'Saves' });
  const roleSaves = saves.getByRole('button').filter({ hasText: /\bQ1\b/ });
  await expect(roleSaves).toHaveCount(2);

  // The first save that changed the role: page 1 with the earlier answer, read-only.
  await roleSaves.first().click();
  await expect(role(owner)).toHaveValue('Analyst');
  await expect(role(owner)).toBeDisabled();
  await expect(owner.getByText('Changed in this save')).toBeVisible();
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/replay-earlier.png`, fullPage: true });

  // Stepping on (keyboard, then the button) reaches the later answer.
  const slider = owner.getByRole('slider', { name: 'Step' });
  const before = Number(await slider.inputValue());
  await owner.getByRole('heading', { name: 'Rita Replay' }).focus();
  await owner.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue(String(before + 1));
  await owner.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue(String(before));
  const next = owner.getByRole('button', { name: 'Next step' });
  for (let i = 0; i < 10; i++) {
    if ((await role(owner).count()) > 0 && (await role(owner).inputValue()) === 'Team lead') break;
    await next.click();
  }
  await expect(role(owner)).toHaveValue('Team lead');

  // The last step is the response as it is now: every page.
  await saves.getByRole('button', { name: /View the response/ }).click();
  await expect(role(owner)).toHaveValue('Team lead');
  await expect(owner.getByRole('radio', { name: 'London' })).toBeChecked();
  await expect(next).toBeDisabled();
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/replay-current.png`, fullPage: true });
});

test('the replay asks to sign in when signed out, and says not found for an unknown response', async ({ browser }) => {
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(`/responses/replay/${crypto.randomUUID()}`);
  await expect(anonymous.getByRole('heading', { name: 'Please sign in to replay this response' })).toBeVisible();
  await expect(anonymous.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expectNoAxeViolations(anonymous);

  const owner = await ownerPage(browser);
  await owner.goto(`/responses/replay/${crypto.randomUUID()}`);
  await expect(owner.getByRole('heading', { name: 'Response not found' })).toBeVisible();
});

test('a test link runs the survey with a banner, and never sends a save', async ({ page }) => {
  const link = process.env.E2E_DEMO_TEST_LINK;
  expect(link, 'global setup reads the demo test link from the server').toBeTruthy();
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/'))
      writes.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Team collaboration survey (demo)' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('This is a test of the survey');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Test: nothing is saved')).toBeVisible();

  // Answers are checked: the required question stops Next until it is answered (search works by the test id).
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const advice = page.getByRole('group', { name: /Who do you go to for advice/ });
  await advice.getByRole('searchbox').fill('grace');
  await advice.getByRole('checkbox', { name: 'Grace Hopper' }).check();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/test-link.png`, fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Page 3 of 3')).toHaveCount(0);
  expect(writes).toEqual([]);
});
