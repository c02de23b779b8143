import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  buildSurvey,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
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

const group = (page: Page, name: RegExp) => page.getByRole('group', { name });
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

async function check(page: Page, name: string) {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a respondent answers every question type on a phone, with piping across pages', async ({ page }) => {
  test.setTimeout(120_000);
  const uuid = await startAs(page, survey.id, 'Person 001');

  await expect(page.getByRole('heading', { name: survey.name })).toBeVisible();
  await check(page, 'welcome');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Page 1: Next with required questions empty is refused with the messages of spec §5 and §8.
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', '25');
  await next(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Response not saved. Please edit the highlighted fields' }),
  ).toBeVisible();
  const role = page.getByRole('textbox', { name: /What is your role/ });
  await expect(role).toBeFocused();
  await expect(role).toHaveAttribute('aria-invalid', 'true');
  await expect(group(page, /What is your role/)).toContainText('Please enter a response');
  await expect(group(page, /How many years/)).toContainText('Please enter a response');
  await check(page, 'page-1-errors');

  // Messages follow every change once shown.
  await role.fill('Engineer');
  await expect(group(page, /What is your role/)).not.toContainText('Please enter a response');
  await page.getByRole('textbox', { name: /working together easier/ }).fill('More shared documents.');
  await page.getByRole('spinbutton', { name: /How many years/ }).fill('4.5');
  const slider = page.getByRole('slider', { name: /How easy/ });
  await expect(slider).toHaveValue('5');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(group(page, /How easy/).locator('output')).toHaveText('7');
  await expect(page.getByText(/Last saved \d+ seconds? ago/)).toBeVisible();
  await check(page, 'page-1');
  await next(page);

  // Page 2: single choice, a dropdown, a maximum of two, a regular matrix.
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await next(page);
  await expect(group(page, /Which office/)).toContainText('Please select at least 1 option');
  await expect(group(page, /How often do you use/)).toContainText('Please enter a response for all rows');
  await page.getByRole('radio', { name: 'London' }).check();
  await page.getByRole('radio', { name: 'Singapore' }).check();
  await expect(page.getByRole('radio', { name: 'London' })).not.toBeChecked();
  await page.getByRole('combobox', { name: /Which floor/ }).selectOption({ label: 'First' });
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('checkbox', { name: 'French' }).check();
  await page.getByRole('checkbox', { name: 'Spanish' }).click();
  await expect(page.getByRole('checkbox', { name: 'Spanish' })).not.toBeChecked();
  await expect(page.getByText('This question is limited to a maximum of 2 selections')).toBeVisible();
  const tools = group(page, /How often do you use/);
  await tools.getByRole('group', { name: 'Email' }).getByRole('radio', { name: 'Daily' }).check();
  await tools.getByRole('group', { name: 'Chat' }).getByRole('radio', { name: 'Weekly' }).check();
  await check(page, 'page-2');
  await next(page);

  // Page 3: 160 people in a windowed list with a filter; a search over 10,000 names; adding a name.
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  const colleagues = group(page, /Who have you worked with/);
  const listbox = colleagues.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // The respondent is not offered to themselves, and only the rows in view are in the page.
  expect(await listbox.getByRole('option').count()).toBeLessThan(30);
  await expect(listbox.getByRole('option', { name: 'Person 001' })).toHaveCount(0);
  await colleagues.getByRole('searchbox', { name: 'Filter names' }).fill('Person 15');
  await listbox.getByRole('option', { name: 'Person 150' }).click();
  await colleagues.getByRole('searchbox', { name: 'Filter names' }).fill('');
  await listbox.getByRole('option', { name: 'Person 002' }).click();
  await expect(colleagues.getByText('Selected (2)')).toBeVisible();

  const projects = group(page, /Which projects/);
  const search = projects.getByRole('searchbox');
  await expect(search).toHaveAttribute('placeholder', 'Start typing to search');
  await search.fill('Project 0420');
  await expect(projects.getByRole('checkbox')).toHaveCount(10);
  await projects.getByRole('checkbox', { name: 'Project 04207' }).check();
  await search.fill('Skunkworks');
  await expect(projects.getByText('No matches found - please add the name below or search again')).toBeVisible();
  const addForm = projects.getByRole('form', { name: 'Add a name' });
  await addForm.getByLabel('Name').fill('');
  await addForm.getByRole('button', { name: 'Add' }).click();
  await expect(addForm.getByText('✘ Please enter name')).toBeVisible();
  await addForm.getByLabel('Name').fill('Skunkworks Lab');
  await addForm.getByRole('button', { name: 'Add' }).click();
  await expect(projects.getByRole('button', { name: 'Remove Skunkworks Lab' })).toBeVisible();
  await expect(projects.getByText('Selected (2)')).toBeVisible();
  await check(page, 'page-3');
  await next(page);

  // Page 4: the people and projects chosen on page 3, piped.
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  const contact = group(page, /How often do you talk/);
  await expect(contact.getByRole('group')).toHaveCount(2);
  await contact.getByRole('group', { name: 'Person 002' }).getByRole('radio', { name: 'Daily' }).check();
  const know = group(page, /know each other/);
  await know.getByRole('group', { name: 'Person 002' }).getByRole('checkbox', { name: 'Person 150' }).check();
  // Undirected: the tie shows in the other person's row too.
  await expect(
    know.getByRole('group', { name: 'Person 150' }).getByRole('checkbox', { name: 'Person 002' }),
  ).toBeChecked();
  await expect(group(page, /matters most/).getByRole('radio', { name: 'Skunkworks Lab' })).toBeVisible();
  await group(page, /matters most/)
    .getByRole('radio', { name: 'Project 04207' })
    .check();
  await check(page, 'page-4');

  // Removing a person on page 3 removes their rows on page 4.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  await colleagues.getByRole('button', { name: 'Remove Person 150' }).click();
  await next(page);
  await expect(contact.getByRole('group')).toHaveCount(1);
  // One person left: an ego network has no tie to ask about.
  await expect(know.getByRole('group')).toHaveCount(0);
  await expect(know).toContainText('There are currently no selection options for this question.');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('Thank you, Person 001. Your answers help the whole team.')).toBeVisible();
  await check(page, 'completion');

  const stored = await storedResponse(page, uuid);
  expect(stored.status).toBe('Submitted');
  const { q } = survey;
  expect(answerOf(stored, q.role!)).toEqual([{ text: 'Engineer' }]);
  expect(answerOf(stored, q.years!)).toEqual([{ numeric: 4.5 }]);
  expect(answerOf(stored, q.ease!)).toEqual([{ numeric: 7 }]);
  expect(answerOf(stored, q.languages!)?.[0]?.selectedIds).toEqual(['o1', 'o2']);
  expect(answerOf(stored, q.colleagues!)?.[0]?.selectedIds).toHaveLength(1);
  expect(answerOf(stored, q.projects!)?.[0]?.selectedIds).toHaveLength(2);
  expect(answerOf(stored, q.contact!)).toHaveLength(1);

  // Reopening a submitted link shows the completion page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
});

test('keyboard only: the windowed list, search results and Next', async ({ page }) => {
  test.setTimeout(90_000);
  await startAs(page, survey.id, 'Person 003');
  await page.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /What is your role/ })).toBeFocused();
  await page.keyboard.type('Designer');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Nothing');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  await expect(page.getByRole('slider', { name: /How easy/ })).toHaveValue('10');
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await page.getByRole('radio', { name: 'London' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Mandarin' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Mandarin' })).toBeChecked();
  for (const row of ['Email', 'Chat']) {
    await group(page, new RegExp(row)).getByRole('radio', { name: 'Never' }).focus();
    await page.keyboard.press('Space');
  }
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Page 3 of 4')).toBeVisible();
  const listbox = page.getByRole('listbox');
  await listbox.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(listbox.getByRole('option', { name: 'Person 160' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Selected (2)').first()).toBeVisible();
  const search = group(page, /Which projects/).getByRole('searchbox');
  await search.focus();
  await page.keyboard.type('Project 09999');
  const result = page.getByRole('checkbox', { name: 'Project 09999' });
  await expect(result).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(result).toBeFocused();
  await page.keyboard.press('Space');
  await expect(result).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 4 of 4')).toBeVisible();
  await expect(group(page, /How often do you talk/).getByRole('group')).toHaveCount(2);
  // The same page on a desktop: the flow dialog grows to 1400 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/page-4-desktop.png`, fullPage: true });
  await page.getByRole('heading', { name: survey.name }).focus();
  // Escape closes the flow back to the welcome page.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});
