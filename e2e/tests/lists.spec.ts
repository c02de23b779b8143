import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';

const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo' };
const SHOTS = process.env.E2E_SHOTS;

async function signInAsDemo(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole('button', { name: /Individual Account/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
}

/** A same-origin JSON call from the signed-in page (the session cookie goes along). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

type Survey = { _id: string; version: number; questions: { _id: string; list: string | null; text: string }[] };

const createSurvey = (page: Page) => api<Survey>(page, 'POST', '/api/base/surveys/', { name: `Lists ${unique()}` });

function xlsxFile(name: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const TEAM = [
  ['Name', 'Email', 'Department'],
  ['Alice Smith', 'alice@example.com', 'Sales'],
  ['Bob Jones', 'bob@example.com', 'Ops'],
  ['Carol White', 'carol@example.com', 'Ops'],
];

test('the Lists tab uploads, checks, confirms, renames, downloads and deletes lists', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  const survey = await createSurvey(page);
  await page.goto(`/surveys/${survey._id}/lists`);
  await expect(page.getByRole('heading', { level: 2, name: 'Lists' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to surveys' })).toHaveAttribute('href', '/surveys');
  await expect(page.getByText('No respondent list yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The browser runs the shared rules before sending anything.
  await page.getByRole('button', { name: 'Update List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Respondent List' });
  const file = dialog.getByLabel('File');
  await file.setInputFiles(
    xlsxFile('bad-header.xlsx', [
      ['Name', 'Mail'],
      ['A', 'a@example.com'],
    ]),
  );
  await expect(dialog.getByRole('alert')).toContainText(
    "Respondent list not uploaded due to an invalid column heading. Please ensure that your respondent list includes 'Name' and 'Email' as the first two column headings",
  );
  await file.setInputFiles(
    xlsxFile('bad-data.xlsx', [
      ['Name', 'Email'],
      ['Ann', 'ann@example.com'],
      ['Ann', 'not-an-email'],
      ['Ben', 'ben@example.com'],
      ['Ben', ''],
      ['Cy', 'cy@example.com'],
      ['Cy', 'cy2@example.com'],
    ]),
  );
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Respondent list not uploaded. Ann has been duplicated');
  await expect(alert).toContainText('and 2 other name(s)/email address(es) have been duplicated');
  await expect(alert).toContainText('not-an-email is not a valid email address');
  await expect(alert).toContainText('One or more cells that should have contained text were blank.');
  await shot(page, 'lists-upload-errors');
  await expectNoAxeViolations(page);

  // A file the browser cannot read goes to the server, whose answer shows the same way.
  await file.setInputFiles({
    name: 'broken.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('PK\u0003\u0004 not a zip'),
  });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The list was not uploaded');
  await expect(dialog.getByRole('alert')).toContainText('Processing the excel file. Incorrect format.');

  await file.setInputFiles(xlsxFile('team.xlsx', TEAM));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Respondent List updated')).toBeVisible();
  const respondentSection = page.getByRole('list', { name: 'Respondent List' });
  await expect(respondentSection).toContainText('3 respondents');

  // A supplementary list with a title; the same title again is refused by the server.
  for (const expected of ['List successfully uploaded', 'A List with this name already exists']) {
    await page.getByRole('button', { name: 'New List' }).click();
    const newList = page.getByRole('dialog', { name: 'New Supplementary List' });
    await newList.getByLabel('List Name').fill('Departments');
    await newList.getByLabel('File').setInputFiles(xlsxFile('departments.xlsx', [['Name'], ['Sales'], ['Ops']]));
    await newList.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(expected).first()).toBeVisible();
    if (expected.startsWith('A List')) await newList.getByRole('button', { name: 'Cancel' }).click();
  }
  const supplementary = page.getByRole('list', { name: 'Supplementary Lists' });
  await expect(supplementary).toContainText('Departments');
  await expect(supplementary).toContainText('2 items');

  // Re-uploading without Carol asks before deleting her and her responses.
  await page.getByRole('button', { name: 'Update List' }).click();
  await dialog.getByLabel('File').setInputFiles(xlsxFile('team-2.xlsx', TEAM.slice(0, 3)));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Respondents' });
  await expect(confirm).toContainText('Carol White');
  await expect(confirm).toContainText('deleted together with their responses');
  const cont = confirm.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  await shot(page, 'lists-delete-respondents');
  await confirm.getByLabel('Type Delete to confirm').fill('delete');
  await cont.click();
  await expect(page.getByText('Respondent List updated').first()).toBeVisible();
  await expect(respondentSection).toContainText('2 respondents');

  // Inline rename, then a name another list has.
  await supplementary.getByRole('button', { name: 'Rename Departments' }).click();
  await supplementary.getByLabel('List Name').fill('Teams');
  await supplementary.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('List updated', { exact: true })).toBeVisible();
  await expect(supplementary).toContainText('Teams');
  const respondentTitle = (await respondentSection.getByRole('heading', { level: 4 }).textContent()) ?? '';
  await supplementary.getByRole('button', { name: 'Rename Teams' }).click();
  await supplementary.getByLabel('List Name').fill(respondentTitle);
  await supplementary.getByRole('button', { name: 'Save' }).click();
  await expect(supplementary.getByText('A List with this name already exists')).toBeVisible();
  await supplementary.getByRole('button', { name: 'Cancel' }).click();
  await shot(page, 'lists-desktop');

  // Download: a real workbook named after the list.
  const downloading = page.waitForEvent('download');
  await supplementary.getByRole('link', { name: 'Download Teams' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Teams.*\.xlsx$/);
  const book = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  expect(rows.map((r) => r[0])).toEqual(['Name', 'Sales', 'Ops']);

  await supplementary.getByRole('button', { name: 'Delete Teams' }).click();
  const del = page.getByRole('dialog', { name: 'Delete List' });
  await expect(del.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await del.getByLabel('Type Delete to confirm').fill('Delete');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('List successfully deleted')).toBeVisible();
  await expect(page.getByText('No supplementary lists yet.')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoAxeViolations(page);
  await shot(page, 'lists-360');
});

test('the Supplementary Lists panel sets the question list', async ({ page }) => {
  await signInAsDemo(page);
  let survey = await createSurvey(page);
  const created = await api<{ questionId: string; survey: Survey }>(
    page,
    'POST',
    `/api/base/surveys/${survey._id}/questions`,
    { version: survey.version, index: 0, type: 'multipleSelection' },
  );
  const { questionId } = created;
  survey = created.survey;
  survey = await api<Survey>(page, 'PUT', `/api/base/surveys/${survey._id}/questions/${questionId}`, {
    version: survey.version,
    question: { text: '<p>Who do you work with?</p>', isRelationshipQuestion: true },
  });

  // From the open editor: an edit in progress survives the trip through the panel.
  await page.goto(`/surveys/${survey._id}/questions/${questionId}/edit`);
  const text = page.getByRole('textbox', { name: 'Question text' });
  await text.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' (draft)');
  await page.getByRole('radio', { name: 'Supplementary List' }).check();
  await page.getByRole('link', { name: 'Choose a supplementary list' }).click();
  const panel = page.getByRole('dialog', { name: 'Supplementary Lists' });
  await expect(panel.getByText('No supplementary lists yet.')).toBeVisible();
  for (const title of ['Projects', 'Offices']) {
    await panel.getByRole('button', { name: 'Upload List' }).click();
    const upload = page.getByRole('dialog', { name: 'New Supplementary List' });
    await upload.getByLabel('List Name').fill(title);
    await upload.getByLabel('File').setInputFiles({
      name: `${title}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`Name\n${title} A\n${title} B\n`),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(panel.getByRole('radio', { name: title })).toBeVisible();
  }
  const select = panel.getByRole('button', { name: 'Select List' });
  await expect(select).toBeDisabled();
  await panel.getByRole('radio', { name: 'Offices' }).check();
  await expect(select).toBeEnabled();
  // Choosing the selected list again deselects it.
  await panel.getByRole('radio', { name: 'Offices' }).click();
  await expect(panel.getByRole('radio', { name: 'Offices' })).not.toBeChecked();
  await expect(select).toBeDisabled();
  await panel.getByRole('radio', { name: 'Projects' }).check();
  await expectNoAxeViolations(page);
  await shot(page, 'upload-list-panel');
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoAxeViolations(page);
  await shot(page, 'upload-list-panel-360');
  // The question editor's route (../edit) belongs to the questions feature; the URL is what is checked.
  const toEdit = page.waitForURL(new RegExp(`/surveys/${survey._id}/questions/${questionId}/edit$`), {
    waitUntil: 'commit',
  });
  await select.click();
  await toEdit;
  await expect(text).toContainText('Who do you work with? (draft)');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/questions$/);

  const lists = await api<{ _id: string; title: string }[]>(page, 'GET', `/api/base/lists/all/${survey._id}`);
  const saved = await api<Survey>(page, 'GET', `/api/base/surveys/${survey._id}`);
  expect(saved.questions[0]!.list).toBe(lists.find((l) => l.title === 'Projects')!._id);
  expect(saved.questions[0]!.text).toContain('(draft)');
});
