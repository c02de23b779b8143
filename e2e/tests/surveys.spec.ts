import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/surveys-shots';
const STEPS = [
  'Details',
  'Welcome Message',
  'Questions',
  'Completion Message',
  'Lists',
  'Advanced Options',
  'Emails',
  'Responses',
];

async function signInAsDemo(page: Page) {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Individual Account/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
}

async function createSurvey(page: Page, name: string) {
  await page.goto('/surveys');
  await page.getByRole('button', { name: 'New Survey' }).click();
  await page.getByRole('dialog').getByLabel('Survey name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/surveys\/[^/]+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().replace(/\/details$/, '');
}

test('create a survey, walk the steps and edit details, welcome message and advanced options', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/surveys');
  await expect(page.getByRole('link', { name: 'Team collaboration survey (demo)' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'New Survey' }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog').getByText('Survey name cannot be blank')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  const name = `E2E survey ${unique()}`;
  const base = await createSurvey(page, name);

  // The side navigation lists the eight steps in order; next/previous walk them.
  const nav = page.getByRole('navigation', { name: 'Survey steps' });
  await expect(nav.getByRole('link')).toHaveText(STEPS.map((s) => new RegExp(s)));
  const next = (step: string) => page.getByRole('link', { name: `Next: ${step}` });
  const heading = (step: string) => page.getByRole('heading', { level: 2, name: step });
  await next('Welcome Message').click();
  await expect(heading('Welcome Message')).toBeVisible();
  // Questions and Lists are steps of the same layout, from their own features.
  await next('Questions').click();
  await expect(heading('Questions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Question' })).toBeVisible();
  await next('Completion Message').click();
  await expect(heading('Completion Message')).toBeVisible();
  await next('Lists').click();
  await expect(heading('Lists')).toBeVisible();
  await expect(page.getByText('No respondent list yet.')).toBeVisible();
  await nav.getByRole('link', { name: 'Advanced Options' }).click();
  await next('Emails').click();
  await expect(heading('Emails')).toBeVisible();
  await next('Responses').click();
  await expect(heading('Responses')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Next:/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Previous: Emails' }).click();
  await expect(page).toHaveURL(`${base}/emails`);

  // Details: name and status, saved on blur / change, kept after a reload.
  await nav.getByRole('link', { name: 'Details' }).click();
  const renamed = `${name} renamed`;
  await page.getByLabel('Survey name').fill(renamed);
  await page.getByRole('radio', { name: 'Completed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Survey name')).toHaveValue(renamed);
  await expect(page.getByRole('radio', { name: 'Completed' })).toBeChecked();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // Welcome message: bold through the toolbar, saved after a pause, kept after a reload.
  await nav.getByRole('link', { name: 'Welcome Message' }).click();
  const editor = page.getByRole('textbox', { name: 'Welcome message' });
  await editor.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Hello team');
  // A heading, a bullet list, italic text made a link: each through its toolbar button.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Agenda');
  await expect(page.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('First item');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type('Read more');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Insert link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Add Link' });
  await linkDialog.getByLabel('Link URL').fill('https://example.com/agenda');
  await linkDialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(editor.locator('a[href="https://example.com/agenda"]')).toHaveText('Read more');
  // Saved after a pause: the stored message has every format.
  const surveyId = new URL(page.url()).pathname.split('/')[2];
  await expect
    .poll(async () =>
      page.evaluate(
        async (sid) =>
          ((await (await fetch(`/api/base/surveys/${sid}`)).json()) as { welcomeMessage: string }).welcomeMessage,
        surveyId,
      ),
    )
    .toMatch(/<h2[^>]*>.*Agenda.*<\/h2>.*<ul.*First item.*<a [^>]*href="https:\/\/example.com\/agenda"/s);
  await page.reload();
  await expect(editor.locator('strong, b').filter({ hasText: 'Hello team' })).toBeVisible();
  await expect(editor.locator('h2').filter({ hasText: 'Agenda' })).toBeVisible();
  await expect(editor.locator('ul li').filter({ hasText: 'First item' })).toBeVisible();
  await expect(editor.locator('a[href="https://example.com/agenda"]').filter({ hasText: 'Read more' })).toBeVisible();
  await expect(editor.locator('em, i').filter({ hasText: 'Read more' })).toBeVisible();

  // Advanced options: the single link, and the respondent limit rule.
  await nav.getByRole('link', { name: 'Advanced Options' }).click();
  await page.getByRole('switch', { name: 'Single Link' }).click();
  const id = base.split('/').pop();
  await expect(page.getByTestId('single-link')).toHaveText(`${new URL(base).origin}/responses/start/${id}`);
  // The form's default is 0 (spec §5), saved as no limit; a 0 typed is refused.
  await expect(page.getByLabel('Respondent Limit')).toHaveValue('0');
  await page.getByLabel('Respondent Limit').fill('0');
  await page.getByLabel('Respondent Limit').blur();
  await expect(page.getByText('Respondent limit must be greater than 0')).toBeVisible();
  await page.getByLabel('Respondent Limit').fill('25');
  await page.getByLabel('Respondent Limit').blur();
  await expect(page.getByText('Respondent limit must be greater than 0')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Single Link' })).toBeChecked();
  await expect(page.getByLabel('Respondent Limit')).toHaveValue('25');
});

test('search, sort, duplicate and delete with the typed confirmation', async ({ page }) => {
  await signInAsDemo(page);
  const tag = unique();
  await createSurvey(page, `Alpha ${tag}`);
  await createSurvey(page, `Beta ${tag}`);
  await page.goto('/surveys');

  const table = page.getByRole('table');
  await page.getByLabel('Search by name').fill(tag);
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Sort by').selectOption('name');
  await page.getByLabel('Sort order').selectOption('asc');
  await expect(table.getByRole('link')).toHaveText([`Alpha ${tag}`, `Beta ${tag}`]);
  await page.getByLabel('Sort order').selectOption('desc');
  await expect(table.getByRole('link')).toHaveText([`Beta ${tag}`, `Alpha ${tag}`]);

  await table.getByRole('button', { name: `Actions for Alpha ${tag}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(table.getByRole('link', { name: `Alpha ${tag} (copy)` })).toBeVisible();

  await table.getByRole('button', { name: `Actions for Alpha ${tag} (copy)` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type Delete to confirm').fill('Delet');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type Delete to confirm').fill('dElEtE');
  await confirm.click();
  await expect(table.getByRole('link', { name: `Alpha ${tag} (copy)` })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.getByLabel('Search by name').fill(`nothing-${tag}`);
  await expect(page.getByText(`No survey name contains “nothing-${tag}”.`)).toBeVisible();
});

test('an unknown survey says so and links back', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/surveys/00000000-0000-4000-8000-000000000000/details');
  await expect(page.getByRole('heading', { name: 'Survey not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to surveys' }).click();
  await expect(page).toHaveURL(/\/surveys$/);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 740 },
]) {
  test(`list and editor are accessible at ${viewport.name} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsDemo(page);
    await page.goto('/surveys');
    await expect(page.getByRole('link', { name: 'Team collaboration survey (demo)' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/list-${viewport.name}.png`, fullPage: true });

    await page.getByRole('link', { name: 'Team collaboration survey (demo)' }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/details-${viewport.name}.png`, fullPage: true });

    const url = page.url().replace(/\/details$/, '');
    for (const step of ['welcome-message', 'completion-message', 'advanced-options', 'emails']) {
      await page.goto(`${url}/${step}`);
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      if (step.endsWith('message')) await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/${step}-${viewport.name}.png`, fullPage: true });
    }
    if (viewport.name === 'phone') {
      await page.getByRole('button', { name: 'Steps' }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Responses' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/drawer-phone.png` });
      await page.getByRole('dialog').getByRole('link', { name: 'Responses' }).click();
      await expect(page).toHaveURL(/\/responses$/);
    }
  });
}
