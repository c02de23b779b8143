import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';

const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo' };
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/questions';

/** Signs in as the demo user's Individual Account and makes a survey through the REST API (same origin). */
async function newSurvey(page: Page): Promise<string> {
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole('button', { name: /Individual Account/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  const id = await page.evaluate(async (name) => {
    const res = await fetch('/api/base/surveys/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (!res.ok) throw new Error(`create survey: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { _id: string })._id;
  }, `Questions E2E ${unique()}`);
  await page.goto(`/surveys/${id}/questions`);
  await expect(page.getByRole('heading', { name: 'Questions', level: 2 })).toBeVisible();
  return id;
}

const cards = (page: Page) => page.getByTestId('question-card');
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });

async function writeAndFinish(page: Page, text: string, startsBold = true) {
  const editor = page.getByRole('textbox', { name: /Question text|^Text$/ });
  await editor.click();
  // The caret is in the bold start once the toolbar says so: the editor reads a click's selection from
  // the browser's selectionchange, which a loaded browser may deliver after keys typed at once (the text
  // then went in beside the bold start, not bold).
  if (startsBold) await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await expect(card(page, text)).toBeVisible();
}

async function addQuestion(page: Page, label: string, text: string) {
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await writeAndFinish(page, text);
}

async function cardTexts(page: Page) {
  return (await cards(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Drags `handle` onto the middle of `target` in small steps, as a person would. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 8, { steps: 15 });
  await page.waitForTimeout(300);
  await page.mouse.up();
}

test('builds a questionnaire: every type, numbering, piping, reorder, duplicate and delete', async ({ page }) => {
  test.setTimeout(180_000);
  const id = await newSurvey(page);
  await expect(page.getByText('This survey has no questions yet.')).toBeVisible();

  // Finishing with blank text is refused in place (spec §5).
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: 'Textbox', exact: true }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Question text cannot be blank' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/edit-desktop.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await writeAndFinish(page, 'What is your role?');

  // New questions start bold (spec §2), descriptive text does not.
  await expect(card(page, 'What is your role?').locator('strong')).toHaveText(/What is your role\?/);
  await addQuestion(page, 'Numeric', 'How many years have you worked here?');
  await addQuestion(page, 'Numeric Slider', 'How satisfied are you?');
  await addQuestion(page, 'Multiple Choice', 'Which tool do you use most?');
  await addQuestion(page, 'Search and Select', 'Who do you work with?');
  await page.getByRole('button', { name: 'Page Break' }).click();
  await expect(cards(page)).toHaveCount(6);
  await expect(page).toHaveURL(/\/questions$/);
  await page.getByRole('button', { name: 'Descriptive Text' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await writeAndFinish(page, 'About your team', false);
  await expect(card(page, 'About your team').locator('strong')).toHaveCount(0);
  await addQuestion(page, 'Matrix Selection', 'How often do you collaborate?');

  // Numbering skips the page break and the descriptive text.
  const texts = await cardTexts(page);
  expect(texts).toHaveLength(8);
  expect(texts[0]).toContain('Question 1 Textbox');
  expect(texts[4]).toContain('Question 5 Search and Select');
  expect(texts[5]).toContain('Page Break');
  expect(texts[6]).not.toContain('Question');
  expect(texts[6]).toContain('Descriptive Text');
  expect(texts[7]).toContain('Question 6 Matrix Selection');
  await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });
  // New questions start bold (spec §2), and the editor's zero-width placeholder is never saved.
  const texts0 = await page.evaluate(async (surveyId) => {
    const survey = (await (await fetch(`/api/base/surveys/${surveyId}`)).json()) as { questions: { text: string }[] };
    return survey.questions.map((q) => q.text);
  }, id);
  expect(texts0.join('')).not.toContain('\u200b');
  expect(texts0[0]).toContain('<strong>');
  await expectNoAxeViolations(page);

  // The matrix becomes an undirected ego network fed by the answers to Question 5.
  await page.getByRole('button', { name: 'Edit Question 6' }).click();
  await expect(page.getByRole('group', { name: 'Column Headings' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Relationship question' }).click();
  await page.getByRole('radio', { name: 'Supplementary List' }).check();
  await expect(page.getByRole('link', { name: 'Choose a supplementary list' })).toHaveAttribute(
    'href',
    /\/questions\/[^/]+\/upload-list$/,
  );
  await page.getByRole('radio', { name: 'Answer to Earlier Relationship Questions' }).check();
  await page.getByRole('checkbox', { name: /Question 5: Who do you work with\?/ }).click();
  await page.getByRole('radio', { name: 'Undirected Ego Network' }).check();
  await expect(page.getByRole('group', { name: 'Column Headings' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/matrix-desktop.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await page.reload();
  await page.getByRole('button', { name: 'Edit Question 6' }).click();
  await expect(page.getByRole('radio', { name: 'Undirected Ego Network' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Question 5:/ })).toBeChecked();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Reorder by keyboard: Question 2 moves up to first place, and stays there after a reload.
  await page.getByRole('button', { name: 'Move Question 2' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(250);
  await page.keyboard.press('Space');
  await expect(cards(page).first()).toContainText('How many years');
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(cards(page).first()).toContainText('How many years');
  await expect(cards(page).first()).toContainText('Question 1 Numeric');

  // Reorder by dragging: the first question goes below the second.
  await drag(page, page.getByRole('button', { name: 'Move Question 1' }), cards(page).nth(1));
  await expect(cards(page).first()).toContainText('What is your role?');
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(cards(page).first()).toContainText('What is your role?');
  await expect(cards(page).nth(1)).toContainText('How many years');

  // Duplicate lands right after the original.
  await card(page, 'How satisfied are you?')
    .getByRole('button', { name: /^Duplicate/ })
    .click();
  await expect(cards(page)).toHaveCount(9);
  await expect(cards(page).nth(3)).toContainText('Question 4 Numeric Slider');
  await expect(cards(page).nth(3)).toContainText('How satisfied are you?');

  // A question another pipes from cannot be deleted.
  await card(page, 'Who do you work with?')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(page).toHaveURL(/\/delete$/);
  const refusal = page.getByRole('dialog', { name: 'Cannot Delete Question' });
  await expect(refusal).toContainText('This question is linked to by Question(s) 7');
  await page.screenshot({ path: `${SHOTS}/cannot-delete-desktop.png` });
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/questions$/);

  // Deleting the copy waits for the typed word Delete, as every destructive action does, then says so.
  await cards(page).nth(3).getByRole('button', { name: 'Delete Question 4' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Question' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByLabel('Type Delete to confirm').fill('delete');
  await page.screenshot({ path: `${SHOTS}/delete-desktop.png` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Question Deleted')).toBeVisible();
  await expect(cards(page)).toHaveCount(8);

  // Someone else saves first: the next write is refused as stale, and Reload shows their change.
  await page.evaluate(async (surveyId) => {
    const survey = (await (await fetch(`/api/base/surveys/${surveyId}`)).json()) as { version: number };
    const res = await fetch(`/api/base/surveys/${surveyId}/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: survey.version, index: 0, type: 'pageBreak' }),
    });
    if (!res.ok) throw new Error(`insert: ${res.status}`);
  }, id);
  await card(page, 'What is your role?')
    .getByRole('button', { name: /^Duplicate/ })
    .click();
  const stale = page.getByText('This survey was changed in another tab or by someone else.');
  await expect(stale).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(cards(page)).toHaveCount(9);
  await expect(cards(page).first()).toContainText('Page Break');

  // Phone width: the list and the editor stay usable and accessible.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/surveys/${id}/questions`);
  await expect(cards(page)).toHaveCount(9);
  await page.screenshot({ path: `${SHOTS}/list-360.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit Question 3' }).click();
  await expect(page.getByRole('group', { name: 'Numeric slider' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question text' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/edit-360.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Cancelling the first edit of a question just added takes it away again; no empty card is left.
  // New Question adds at the end (spec §2), though Question 3 was the last one edited.
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: 'Textbox' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(cards(page)).toHaveCount(10);
  await expect(cards(page).last().getByRole('textbox', { name: 'Question text' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(9);
  await page.reload();
  await expect(cards(page)).toHaveCount(9);
  // ...and so does leaving it for another card's edit, or for another step of the editor.
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: 'Textbox' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(cards(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Edit Question 3' }).click();
  await expect(page.getByRole('group', { name: 'Numeric slider' })).toBeVisible();
  await expect(cards(page)).toHaveCount(9);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: 'Textbox' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  // The discard is a request sent as the page goes: a reload at once could cancel it on its way.
  const discarded = page.waitForResponse((r) => r.url().includes('surveys.questions.delete'));
  await page.getByRole('link', { name: /^Next: Completion Message/ }).click();
  await expect(page).toHaveURL(/completion-message$/);
  await discarded;
  await page.goto(`/surveys/${id}/questions`);
  await expect(cards(page)).toHaveCount(9);

  // Converted to Search and Select, a question is a relationship question, as a new one is.
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: 'Textbox' }).click();
  await expect(page.getByRole('checkbox', { name: 'Relationship question' })).toHaveCount(0);
  await page.getByLabel('Question type').selectOption('searchAndSelect');
  await expect(page.getByRole('checkbox', { name: 'Relationship question' })).toBeChecked();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(9);

  // A page break goes after the current question (spec §2), here the one just edited.
  await page.getByRole('button', { name: 'Edit Question 1' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Page Break', exact: true }).click();
  await expect(cards(page)).toHaveCount(10);
  await expect(cards(page).nth(2)).toContainText('Page Break');
});

test('reorders a long questionnaire by keyboard, past the cards near the screen', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await newSurvey(page);
  // Sixty questions through the REST API: several screens of cards, most of them far from the viewport.
  await page.evaluate(async (surveyId) => {
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`/api/base/surveys/${surveyId}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
      return res.json();
    };
    let { version } = (await (await fetch(`/api/base/surveys/${surveyId}`)).json()) as { version: number };
    for (let i = 0; i < 60; i++) {
      const added = await call('POST', '/questions', { version, index: i, type: 'freeFormText' });
      const text = `<p>Long list item ${i + 1}</p>`;
      ({ version } = await call('PUT', `/questions/${added.questionId}`, {
        version: added.survey.version,
        question: { text },
      }));
    }
  }, id);
  await page.reload();
  await expect(cards(page)).toHaveCount(60);
  await expectNoAxeViolations(page);

  // Item 1 goes down 30 places, one announced step at a time, with the page scrolling along.
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: 'Move Question 1', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(spoken).toContainText('position 1 of 60.');
  for (let position = 2; position <= 31; position++) {
    await page.keyboard.press('ArrowDown');
    await expect(spoken).toContainText(`Question 1 moved to position ${position} of 60.`);
  }
  await page.keyboard.press('Space');
  await expect(spoken).toContainText('Question 1 dropped at position 31 of 60.');
  await expect(cards(page).nth(30)).toContainText('Long list item 1');
  await expect(cards(page).nth(30)).toContainText('Question 31');
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(cards(page).first()).toContainText('Long list item 2');
  await expect(cards(page).nth(30)).toContainText('Long list item 1');
  await page.screenshot({ path: `${SHOTS}/long-list.png` });
});
