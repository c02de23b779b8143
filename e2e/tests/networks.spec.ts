import { mkdirSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signUp, unique } from './helpers';
import {
  addExampleNetwork,
  duplicate,
  networkRow,
  rowAction,
  SHOTS,
  shot,
  typeDeleteAndConfirm,
} from './networks-helpers';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

function workbook(rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'People');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name: 'people.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

const names = async (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: 'Your networks' }).getByRole('row').getByRole('link').allTextContents();

test('an empty list says how to start; the example network, then sort by name and last modified', async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'No networks yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload a network' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'GraphML template' })).toHaveAttribute(
    'href',
    '/api/base/networks/templates/graphml',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'empty');
  await page.getByRole('button', { name: 'Choose a survey' }).click();
  const fromSurvey = page.getByRole('dialog', { name: 'Network from a survey' });
  await expect(fromSurvey.getByText('You have no surveys yet.')).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await fromSurvey.getByRole('button', { name: 'Cancel' }).click();

  await addExampleNetwork(page);
  const example = networkRow(page, 'Example network');
  await expect(example).toContainText('18');
  await expect(example.getByRole('cell', { name: 'Owner' })).toBeVisible();
  await expect(example.getByRole('cell', { name: 'You' })).toBeVisible();

  await duplicate(page, 'Example network');
  await rowAction(page, 'Example network (copy)', 'Manage');
  await page.getByRole('dialog').getByLabel('Name').fill('Alpha network');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(networkRow(page, 'Alpha network')).toBeVisible();

  // Last modified, newest first, is the default: the renamed copy is newest.
  expect(await names(page)).toEqual(['Alpha network', 'Example network']);
  await page.getByLabel('Sort order').selectOption('asc');
  await expect.poll(() => names(page)).toEqual(['Example network', 'Alpha network']);
  await page.getByLabel('Sort by').selectOption('name');
  await expect.poll(() => names(page)).toEqual(['Alpha network', 'Example network']);
  await page.getByLabel('Sort order').selectOption('desc');
  await expect.poll(() => names(page)).toEqual(['Example network', 'Alpha network']);
  await expectNoAxeViolations(page);
  await shot(page, 'list');
});

test('manage renames and describes; a stale version offers to reload', async ({ page }) => {
  await signUp(page);
  await addExampleNetwork(page);
  await rowAction(page, 'Example network', 'Manage');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Manage network' })).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'manage');
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Network name cannot be blank')).toBeVisible();
  await dialog.getByLabel('Name').fill('Team ties');
  await dialog.getByLabel('Description').fill('Who asks whom for advice');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(networkRow(page, 'Team ties')).toContainText('Who asks whom for advice');

  // The same network changed in another tab while this form was open: the save is refused.
  await rowAction(page, 'Team ties', 'Manage');
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole('dialog').getByLabel('Name').fill('Changed elsewhere');
  await other.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(other).toHaveURL(/\/networks$/);
  await other.close();
  await dialog.getByLabel('Name').fill('My change');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This network was changed elsewhere');
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('Changed elsewhere');
});

test('duplicate, delete one, and delete the selected ones after typing Delete', async ({ page }) => {
  await signUp(page);
  await addExampleNetwork(page);
  await duplicate(page, 'Example network');
  await duplicate(page, 'Example network (copy)');

  await rowAction(page, 'Example network (copy) (copy)', 'Delete');
  await expect(page).toHaveURL(/\/networks\/[^/]+\/delete$/);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await typeDeleteAndConfirm(page, 'Delete');
  await expect(page.getByText('Network deleted')).toBeVisible();
  await expect(networkRow(page, 'Example network (copy) (copy)')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all networks' }).click();
  await page.getByRole('link', { name: 'Delete 2 selected' }).click();
  await expect(page).toHaveURL(/\/networks\/delete-selected-network$/);
  await expect(page.getByRole('dialog').getByRole('listitem')).toHaveText([
    'Example network (copy)',
    'Example network',
  ]);
  await shot(page, 'delete-selected');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await typeDeleteAndConfirm(page, 'Delete 2');
  await expect(page.getByText('2 networks deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No networks yet' })).toBeVisible();
});

test('share with another person as View, change to Edit, then remove', async ({ page, browser }) => {
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  const other = await signUp(otherPage);

  await signUp(page);
  await addExampleNetwork(page);
  // The dialogs' addresses (manage/users/add...) log no routing warning.
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await rowAction(page, 'Example network', 'Share');
  await expect(page).toHaveURL(/\/networks\/[^/]+\/manage\/users$/);
  const sharing = page.getByRole('dialog', { name: 'Share network' });
  await expect(sharing.getByText('is not shared with anyone yet')).toBeVisible();
  await sharing.getByRole('button', { name: 'Add person' }).click();
  await expect(page).toHaveURL(/\/manage\/users\/add$/);
  const add = page.getByRole('dialog', { name: 'Add person' });
  await add.getByLabel('Email').fill(`nobody-${unique()}@example.com`);
  await add.getByRole('button', { name: 'Share' }).click();
  // An individual account cannot invite: the refusal says where the person signs up.
  await expect(add.getByRole('alert')).toHaveText(
    /^No Tieline user has this email addressThey can sign up at http:\S+\/signup with this address\./,
  );
  expect(warnings).toEqual([]);
  await add.getByLabel('Email').fill(other.email);
  await add.getByRole('button', { name: 'Share' }).click();
  await expect(page).toHaveURL(/\/manage\/users$/);
  const people = sharing.getByRole('list', { name: 'People with access' });
  await expect(people.getByRole('listitem')).toContainText([`${other.name}${other.email}View`]);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'sharing');

  // The other person sees it, with View access: no Manage, Share or Delete for them.
  await otherPage.goto('/networks');
  const theirs = networkRow(otherPage, 'Example network');
  await expect(theirs.getByRole('cell', { name: 'View' })).toBeVisible();
  await otherPage.getByRole('button', { name: 'Actions for Example network' }).click();
  await expect(otherPage.getByRole('menuitem')).toHaveText(['Open', 'Duplicate', 'Export']);
  await otherPage.keyboard.press('Escape');

  await sharing.getByRole('button', { name: `Change access for ${other.name}` }).click();
  await expect(page).toHaveURL(/\/manage\/users\/edit\/[^/]+$/);
  const edit = page.getByRole('dialog', { name: 'Change access' });
  await edit.getByLabel('Access').selectOption('Edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(people.getByRole('listitem')).toContainText([`${other.name}${other.email}Edit`]);

  await otherPage.reload();
  await expect(theirs.getByRole('cell', { name: 'Edit' })).toBeVisible();
  await otherPage.getByRole('button', { name: 'Actions for Example network' }).click();
  await expect(otherPage.getByRole('menuitem', { name: 'Manage' })).toBeVisible();
  await otherPage.keyboard.press('Escape');

  await sharing.getByRole('button', { name: `Remove access for ${other.name}` }).click();
  await expect(sharing.getByText('is not shared with anyone yet')).toBeVisible();
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'No networks yet' })).toBeVisible();

  // A workbook of Name, Email, Permission: refused with the reason, then accepted.
  await sharing.getByRole('button', { name: 'Upload people' }).click();
  await expect(page).toHaveURL(/\/manage\/users\/upload$/);
  const upload = page.getByRole('dialog', { name: 'Upload people' });
  await upload.getByLabel('File').setInputFiles(workbook([['Person', 'Address', 'Access']]));
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('alert')).toContainText("'Name', 'Email' and 'Permission'");
  await expectNoAxeViolations(page, '[role="dialog"]');
  await upload.getByLabel('File').setInputFiles(
    workbook([
      ['Name', 'Email', 'Permission'],
      [other.name, other.email, 'Edit'],
    ]),
  );
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/manage\/users$/);
  await expect(people.getByRole('listitem')).toContainText([`${other.name}${other.email}Edit`]);
  await otherContext.close();
});

test('an organization owner sharing with someone not on Tieline is offered to invite them', async ({ page }) => {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await rowAction(page, 'Acme reporting lines (demo)', 'Share');
  await page.getByRole('dialog', { name: 'Share network' }).getByRole('button', { name: 'Add person' }).click();
  const add = page.getByRole('dialog', { name: 'Add person' });
  const email = `newcomer-${unique()}@example.com`;
  await add.getByLabel('Email').fill(email);
  await add.getByRole('button', { name: 'Share' }).click();
  await expect(add.getByRole('alert')).toContainText('No Tieline user has this email address');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'share-invite');
  await add.getByRole('link', { name: `Invite ${email} to Acme Research (demo)` }).click();
  await expect(page).toHaveURL(/\/organization\/settings\/manage-users\/manage\/users\/add\?email=/);
  await expect(page.getByRole('dialog', { name: 'Add user' }).getByLabel('Email')).toHaveValue(email);
});

test('an Admin (not an Owner) sharing with someone not on Tieline is told who can invite them', async ({
  page,
  browser,
}) => {
  const member = await signUp(page);
  // The demo Owner adds them to Acme Research (demo) as an Admin (a login joins at once), by the JSON API.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, 'demo@tieline.local', 'tieline-demo');
  await owner.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(owner).toHaveURL(/\/networks$/);
  const orgId = await owner.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null').organizations[0].organization._id as string,
  );
  const origin = new URL(owner.url()).origin;
  const added = await owner.request.put(`/api/base/organizations/users/${orgId}`, {
    headers: { origin },
    data: { name: member.name, email: member.email, permission: 'Admin' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const memberId = ((await added.json()) as { _id: string; email: string }[]).find(
    (u) => u.email === member.email,
  )!._id;
  try {
    await tellsWhoCanInvite(page, member.name);
  } finally {
    // The demo organization is shared by the journeys: its user list is as it was (organization-users.spec
    // uploads a list that must name everyone it keeps).
    const removed = await owner.request.delete(`/api/base/organizations/users/${orgId}/${memberId}`, {
      headers: { origin },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    await ownerContext.close();
  }
});

async function tellsWhoCanInvite(page: Page, memberName: string) {
  // Still signed in: the account menu now offers the organization.
  await page.reload();
  const account = page.getByRole('button', { name: /^Account:/ });
  await account.click();
  await page
    .getByRole('group', { name: 'Switch account' })
    .getByRole('menuitemradio', { name: 'Acme Research (demo)' })
    .click();
  await expect(account).toHaveAccessibleName(`Account: ${memberName}, Acme Research (demo)`);
  await addExampleNetwork(page);
  await rowAction(page, 'Example network', 'Share');
  await page.getByRole('dialog', { name: 'Share network' }).getByRole('button', { name: 'Add person' }).click();
  const add = page.getByRole('dialog', { name: 'Add person' });
  const email = `newcomer-${unique()}@example.com`;
  await add.getByLabel('Email').fill(email);
  await add.getByRole('button', { name: 'Share' }).click();
  const refusal = add.getByRole('alert');
  await expect(refusal).toContainText('No Tieline user has this email address');
  await expect(refusal).toContainText(
    `Only an Owner of Acme Research (demo) can invite people: ask one to add ${email} to the organization.`,
  );
  await expect(add.getByRole('link', { name: /^Invite / })).toHaveCount(0);
  await expectNoAxeViolations(page, '[role="dialog"]');
}

test('uploading under a name already taken warns that both would be listed alike', async ({ page }) => {
  await signUp(page);
  await addExampleNetwork(page);
  await page.goto('/networks/add');
  const dialog = page.getByRole('dialog', { name: 'Add network' });
  const name = dialog.getByLabel('Network name');
  await name.fill(' example NETWORK ');
  await expect(name).toHaveAccessibleDescription(
    'You already have a network named “Example network”: both would be listed under the same name.',
  );
  await expect(dialog.getByText('You already have a network named “Example network”')).toBeVisible();
  await name.fill('Example network 2');
  await expect(dialog.getByText(/You already have a network named/)).toHaveCount(0);
});

test('combine two networks into a new one', async ({ page }) => {
  await signUp(page);
  await addExampleNetwork(page);
  await duplicate(page, 'Example network');
  await page.getByRole('link', { name: 'Combine' }).click();
  await expect(page).toHaveURL(/\/networks\/combine-network$/);
  const dialog = page.getByRole('dialog', { name: 'Combine networks' });
  await dialog.getByRole('checkbox', { name: /^Example network \(\d/ }).click();
  await dialog.getByRole('button', { name: 'Combine' }).click();
  await expect(dialog.getByText('Choose at least two networks to combine')).toBeVisible();
  await expect(dialog.getByText('Network name cannot be blank')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /^Example network \(copy\)/ }).click();
  // A name already taken is allowed, with a warning.
  await dialog.getByLabel('Name of the new network').fill(' example NETWORK ');
  await expect(dialog.getByLabel('Name of the new network')).toHaveAccessibleDescription(
    'You already have a network named “Example network”: both would be listed under the same name.',
  );
  await dialog.getByLabel('Name of the new network').fill('Both examples');
  await expect(dialog.getByText('You already have a network named')).toHaveCount(0);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'combine');
  await dialog.getByRole('button', { name: 'Combine' }).click();
  // Same names: the 18 people stay 18 nodes.
  await expect(networkRow(page, 'Both examples')).toContainText('18');
});
