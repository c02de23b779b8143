import * as XLSX from '@e965/xlsx';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';

// Organization settings > User Management: the demo owner uploads a user list (first with errors, then
// a good one, then one that deletes a user after confirmation), edits a permission and modules, and
// downloads the list.

const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo' };

function workbook(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Users');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function upload(page: Page, rows: string[][]) {
  await page.getByRole('button', { name: 'Upload users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload users' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook(rows),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('an owner uploads users, confirms a deletion, edits permission and modules, downloads the list', async ({
  page,
}) => {
  const id = unique();
  const ada = { name: `Ada ${id}`, email: `ada-${id}@example.com` };
  const bob = { name: `Bob ${id}`, email: `bob-${id}@example.com` };
  const head = ['Name', 'Email', 'Permissions'];
  const me = ['Demo User', DEMO.email, 'Owner'];

  await signIn(page, DEMO.email, DEMO.password);
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await page.goto('/organization/settings/manage-users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('row', { name: /demo@tieline\.local/ })).toContainText('Owner');
  await expectNoAxeViolations(page);

  // Errors come back one by one, and nothing changes.
  const refused = await upload(page, [head, me, [ada.name, 'not-an-email', 'Admin'], [bob.name, bob.email, '']]);
  const errors = refused.getByRole('alert');
  await expect(errors).toContainText('not-an-email is not a valid email address');
  await expect(errors).toContainText('One or more cells that should have contained text were blank.');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/organization-users-upload-errors.png' });
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await upload(page, [head, me, [ada.name, ada.email, 'Admin'], [bob.name, bob.email, 'Simplified Access-only']]);
  await expect(page.getByRole('dialog', { name: 'Upload users' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(ada.email) })).toContainText('Invited');
  await expect(page.getByRole('row', { name: new RegExp(bob.email) })).toContainText('Simplified Access-only');

  // Bob is not in the next file: named first, deleted only on Continue.
  const deleting = await upload(page, [head, me, [ada.name, ada.email, 'Admin']]);
  await expect(deleting.getByText('These users will be deleted on continue')).toBeVisible();
  await expect(deleting.getByText(bob.email)).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/organization-users-deletion.png' });
  await deleting.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload users' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(bob.email) })).toHaveCount(0);

  // Edit: permission and a module.
  await page.getByRole('link', { name: `Edit ${ada.name}` }).click();
  await expect(page).toHaveURL(/manage-users\/manage\/users\/[0-9a-f-]+\/edit$/);
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByLabel('Permission').selectOption('Owner');
  await edit.getByRole('switch', { name: 'AONA' }).click();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/organization-users-edit.png' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(ada.email) });
  await expect(row).toContainText('Owner');
  await expect(row).toContainText('AONA');

  // Search narrows the list.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(ada.email);
  await expect(page.getByRole('row', { name: /demo@tieline\.local/ })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search users' }).fill('');
  await page.screenshot({ path: 'test-results/organization-users-page.png', fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download list' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('Acme Research (demo) - User List.xlsx');
  const book = XLSX.read(await streamBytes(await file.createReadStream()), { type: 'buffer' });
  expect(book.SheetNames).toEqual(['Users']);
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Users!, { header: 1 });
  expect(rows[0]).toEqual(head);
  expect(rows).toContainEqual([ada.name, ada.email, 'Owner']);

  // Request credits opens the billing dialog over the user list, and closes back to it.
  await page.getByRole('link', { name: 'Request credits' }).click();
  await expect(page).toHaveURL(/\/organization\/settings\/manage-users\/request-credits$/);
  const credits = page.getByRole('dialog', { name: 'Request credits' });
  await credits.getByLabel('Respondent credits').fill('120');
  await credits.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request for credits has been sent')).toBeVisible();
  await expect(page).toHaveURL(/\/organization\/settings\/manage-users$/);

  // Tidy up for other journeys on the shared demo organization: Ada's invitation is withdrawn.
  await page.getByRole('link', { name: `Delete ${ada.name}` }).click();
  await page.getByRole('dialog', { name: 'Withdraw invitation' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('row', { name: new RegExp(ada.email) })).toHaveCount(0);
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
