import { expect, type Page, test } from '@playwright/test';
import { linkFromMailbox, unique } from './helpers';
import { addQuestion, api, expectNoAxeViolations, type Survey, uploadList } from './respondent-setup';

// The Emails tab (issue 9): a verified owner writes the message, sends a test to themself and reads it
// in the mailbox, emails the respondents and watches the progress; a respondent answers through the
// link they received; another unsubscribes through theirs.

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/emails';

/** A new owner who verified their address through the mailbox, signed in on `page`. */
async function verifiedOwner(page: Page) {
  const id = unique();
  const email = `emailer-${id}@example.com`;
  await page.goto('/login');
  await api(page, 'POST', '/api/base/userLogins/signup', {
    name: `Emma Emailer ${id}`,
    username: `emailer${id}`,
    email,
    password: 'correct horse battery',
    plan: 'professional',
  });
  const link = await linkFromMailbox(page, email, 'Verify your email', 'Verify email address');
  await page.goto(link);
  await expect(page).toHaveURL(/\/users\/verification$/);
  return { id, email };
}

/** An Offline survey with one free-text question and three respondents. */
async function surveyWithRespondents(page: Page, id: string) {
  const survey = await api<Survey>(page, 'POST', '/api/base/surveys/', { name: `Emails E2E ${id}` });
  await addQuestion(page, survey, 'freeFormText', { text: '<p>Who helps you most?</p>', shortTextInput: true });
  await uploadList(page, `/api/base/lists/uploadRespondentList/${survey._id}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ['Ann Answer', `ann-${id}@example.com`],
    ['Bob Bye', `bob-${id}@example.com`],
    ['Cy Later', `cy-${id}@example.com`],
  ]);
  return survey._id;
}

test('an owner tests, sends and follows a survey email; a respondent answers from it, another opts out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, email } = await verifiedOwner(page);
  const surveyId = await surveyWithRespondents(page, id);

  await page.goto(`/surveys/${surveyId}/emails`);
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unverified email' })).toHaveCount(0);
  const counts = page.getByRole('definition');
  await expect(counts.nth(0)).toHaveText('3');
  await expect(counts.nth(1)).toHaveText('3');
  await expect(counts.nth(2)).toHaveText('100.0%');
  await page.getByRole('checkbox', { name: /^Not Started/ }).check();
  await page.getByRole('checkbox', { name: /^Not Sent/ }).uncheck();
  await expect(counts.nth(1)).toHaveText('0');
  await expect(counts.nth(2)).toHaveText('0.0%');
  await page.getByRole('button', { name: 'Email Survey' }).click();
  await expect(
    page.getByText('Please use the Respondent Status buttons to select at least one respondent to email.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: /^Not Sent/ }).check();
  await page.getByRole('checkbox', { name: /^Not Started/ }).uncheck();

  await page.getByLabel('From').fill('People Team');
  await page.getByLabel('Email Subject').fill('Your voice, {firstName}');
  const body = page.getByRole('textbox', { name: 'Message Body' });
  // A new survey's body starts from a default with the tokens (issue 25): this test writes its own.
  await expect(body).toContainText('Hello {firstName},');
  await body.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Hello {firstName}, please answer here: {url}');
  await page.getByLabel('Email Subject').click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/emails-tab.png`, fullPage: true });

  // A test to the owner's own address, read in the mailbox: the tokens carry the owner's name.
  await page.getByRole('button', { name: 'Send Test email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Test email' });
  await expect(dialog.getByLabel('Send to')).toHaveValue(email);
  // Send waits for something to send to (spec §5: disabled while the field is empty or invalid).
  await dialog.getByLabel('Send to').fill('');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Send to').fill('not an address');
  await dialog.getByLabel('Send to').blur();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(dialog.getByText(/valid email/i)).toBeVisible();
  await dialog.getByLabel('Send to').fill(email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
  const mailbox = await browser.newPage();
  const testLink = await linkFromMailbox(mailbox, email, 'Your voice, Emma', /\/responses\/test\//);
  expect(testLink).toMatch(/^\/responses\/test\/[0-9a-f-]{36}$/);

  // The send: confirm, a progress bar until all three are sent.
  await page.getByRole('button', { name: 'Email Survey' }).click();
  const confirm = page.getByRole('dialog', { name: 'Email the survey to 3 respondents?' });
  await confirm.getByRole('button', { name: 'Email Survey' }).click();
  await expect(page.getByRole('progressbar', { name: 'Emails sent' })).toBeVisible();
  await expect(page.getByText(/^3 sent of 3/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Emails Sent', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/emails-sent.png`, fullPage: true });

  // Ann answers through her link.
  const annLink = await linkFromMailbox(mailbox, `ann-${id}@example.com`, 'Your voice, Ann', /\/responses\//);
  const ann = await (await browser.newContext()).newPage();
  await ann.goto(annLink);
  await ann.getByRole('button', { name: 'Continue' }).click();
  await ann.getByRole('textbox', { name: /Who helps you most/ }).fill('Cy Later');
  await ann.getByRole('button', { name: 'Submit' }).click();
  await expect(ann.getByRole('textbox', { name: /Who helps you most/ })).toHaveCount(0);
  await ann.context().close();

  // Bob unsubscribes: the page asks first, then confirms.
  const bobUnsubscribe = await linkFromMailbox(mailbox, `bob-${id}@example.com`, 'Your voice, Bob', 'Unsubscribe');
  await mailbox.goto(bobUnsubscribe);
  await mailbox.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(mailbox.getByText('You will not receive more emails about this survey.')).toBeVisible();
  await mailbox.close();

  // Back on the tab: Ann is Submitted, Bob opted out and is offered no more.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Submitted \(1\)/ })).toBeVisible();
  await expect(page.getByText('1 opted out: they are never emailed.')).toBeVisible();
  const survey = await api<{ status: string }>(page, 'GET', `/api/base/surveys/${surveyId}`);
  expect(survey.status).toBe('Collecting');
});

test('an unverified owner sees the warning and cannot email', async ({ page }) => {
  const id = unique();
  await page.goto('/login');
  await api(page, 'POST', '/api/base/userLogins/signup', {
    name: `Una Unverified ${id}`,
    username: `unverified${id}`,
    email: `unverified-${id}@example.com`,
    password: 'correct horse battery',
    plan: 'professional',
  });
  const survey = await api<Survey>(page, 'POST', '/api/base/surveys/', { name: `Unverified ${id}` });
  await page.goto(`/surveys/${survey._id}/emails`);
  await expect(page.getByRole('region', { name: 'Unverified email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email Survey' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send Test email' })).toBeDisabled();
});

test('people respondents added are emailed only when the owner includes them (issue 21)', async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await verifiedOwner(page);
  let survey = await api<Survey>(page, 'POST', '/api/base/surveys/', { name: `Added E2E ${id}` });
  await uploadList(page, `/api/base/lists/uploadRespondentList/${survey._id}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ['Ann Answer', `ann-${id}@example.com`],
    ['Bob Bye', `bob-${id}@example.com`],
  ]);
  survey = (
    await addQuestion(page, survey, 'searchAndSelect', {
      text: '<p>Who else should we ask?</p>',
      isRelationshipQuestion: true,
      allowAdditionalNames: true,
    })
  ).survey;
  await api(page, 'PUT', `/api/base/surveys/${survey._id}`, {
    survey: { version: survey.version, status: 'Collecting' },
  });
  const rows = await api<{ nodes: { name: string; randomUUID: string }[] }>(
    page,
    'GET',
    `/api/base/responses/paged/${survey._id}`,
  );
  // Ann names someone missing from the list, through the documented path her link uses.
  await api(page, 'POST', `/api/base/responses/respondentAddedByRespondent/${survey._id}`, {
    randomUUID: rows.nodes.find((r) => r.name === 'Ann Answer')!.randomUUID,
    name: 'Zoe Added',
    email: `zoe-${id}@example.com`,
  });

  await page.goto(`/surveys/${survey._id}/emails`);
  await page.getByLabel('Email Subject').fill('Your voice, {firstName}');
  await page.getByRole('textbox', { name: 'Message Body' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Hello {firstName}: {url}');
  await page.getByRole('button', { name: 'Email Survey' }).click();
  // The title follows the box: the people added are left out until it is ticked.
  const confirm = page.getByRole('dialog', { name: /^Email the survey to/ });
  await expect(confirm).toHaveAccessibleName('Email the survey to 2 respondents?');
  const include = confirm.getByRole('checkbox', { name: 'Include 1 person added by respondents' });
  await expect(include).not.toBeChecked();
  await include.check();
  await expect(confirm).toHaveAccessibleName('Email the survey to 3 respondents?');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/emails-include-added.png` });
  await include.uncheck();
  await expect(confirm).toHaveAccessibleName('Email the survey to 2 respondents?');
  await confirm.getByRole('button', { name: 'Email Survey' }).click();
  await expect(page.getByText(/^2 sent of 2/)).toBeVisible({ timeout: 30_000 });
  const people = await api<{ nodes: { name: string; status: string }[] }>(
    page,
    'GET',
    `/api/base/responses/paged/${survey._id}`,
  );
  expect(people.nodes.find((r) => r.name === 'Zoe Added')!.status).toBe('Not Sent');
});
