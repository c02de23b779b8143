import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, unique } from './helpers';
import {
  addQuestion,
  api,
  expectNoHorizontalScroll,
  ownerPage,
  PHONE,
  type Survey,
  storedResponse,
  uploadList,
} from './respondent-setup';

// Every question type on its own page, on a 360 px phone: axe on each page (every impact), and what the
// browser itself announces for each control (Chrome's accessibility tree): a name for every field, and
// matrix choices named with their row.

test.use(PHONE);
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/respondent-a11y';
const STAFF = Array.from({ length: 160 }, (_, i) => `Colleague ${String(i + 1).padStart(3, '0')}`);
type Row = { randomUUID: string; name: string };

let owner: Page;
let surveyId: string;
let pageCount = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  owner = await ownerPage(browser);
  await owner.goto('/networks');
  let survey = await api<Survey>(owner, 'POST', '/api/base/surveys/', { name: `A11y E2E ${unique()}` });
  surveyId = survey._id;
  await uploadList(owner, `/api/base/lists/uploadRespondentList/${surveyId}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ...STAFF.map((p, i) => [p, `colleague${i + 1}@example.com`]),
  ]);
  await uploadList(owner, `/api/base/lists/uploadSupplementaryList/${surveyId}`, 'Teams', 'Supplementary List', [
    ['Name'],
    ...Array.from({ length: 300 }, (_, i) => [`Team ${String(i + 1).padStart(3, '0')}`]),
  ]);
  const lists = await api<{ _id: string; title: string }[]>(owner, 'GET', `/api/base/lists/all/${surveyId}`);
  const teams = lists.find((l) => l.title === 'Teams')!._id;
  const q: Record<string, string> = {};
  const add = async (key: string, type: string, changes: Record<string, unknown>) => {
    const added = await addQuestion(owner, survey, type, changes);
    survey = added.survey;
    q[key] = added.questionId;
  };
  const options = (...titles: string[]) => titles.map((title, i) => ({ _id: `o${i + 1}`, title }));
  let breaks = 0;
  const page = async (...questions: [string, string, Record<string, unknown>][]) => {
    if (pageCount > 0) await add(`break${++breaks}`, 'pageBreak', {});
    for (const [key, type, changes] of questions) await add(key, type, changes);
    pageCount += 1;
  };
  await page(
    ['heading', 'descriptiveText', { text: '<p>About you</p>', isHeading: true }],
    ['intro', 'descriptiveText', { text: '<p>It takes about five minutes.</p>' }],
    ['role', 'freeFormText', { text: '<p>What is your role?</p>', shortTextInput: true, isRequired: true }],
    ['ideas', 'freeFormText', { text: '<p>What would make working together easier?</p>' }],
  );
  await page(['years', 'singleNumeric', { text: '<p>How many years have you worked here?</p>' }]);
  await page([
    'ease',
    'numericRange',
    {
      text: '<p>How easy is it to get the information you need?</p>',
      numericRangeMax: 10,
      numericRangeDefault: 5,
      numericRangeMinLabel: 'Very hard',
      numericRangeMaxLabel: 'Very easy',
      numericRangeShowValues: true,
    },
  ]);
  await page(
    [
      'office',
      'multipleSelection',
      { text: '<p>Which office do you work in?</p>', selectionOptions: options('London', 'Paris') },
    ],
    [
      'floor',
      'multipleSelection',
      { text: '<p>Which floor?</p>', selectionType: 'dropdownType', selectionOptions: options('Ground', 'First') },
    ],
    [
      'languages',
      'multipleSelection',
      {
        text: '<p>Which languages?</p>',
        allowMultipleSelections: true,
        selectionOptions: options('English', 'French'),
      },
    ],
  );
  await page([
    'tools',
    'matrixSelection',
    {
      text: '<p>How often do you use these tools?</p>',
      selectionOptions: options('Email', 'Chat'),
      columnHeadings: options('Daily', 'Weekly', 'Never'),
    },
  ]);
  await page([
    'colleagues',
    'multipleSelection',
    {
      text: '<p>Who have you worked with this month?</p>',
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
    },
  ]);
  await page([
    'teams',
    'searchAndSelect',
    {
      text: '<p>Which teams do you work with?</p>',
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: teams,
    },
  ]);
  await page(
    [
      'contact',
      'matrixSelection',
      {
        text: '<p>How often do you talk with each of them?</p>',
        isRelationshipQuestion: true,
        previousQn: [q.colleagues],
        columnHeadings: options('Daily', 'Weekly'),
      },
    ],
    [
      'closest',
      'multipleSelection',
      { text: '<p>Who of them is closest to you?</p>', isRelationshipQuestion: true, previousQn: [q.colleagues] },
    ],
  );
  await page([
    'know',
    'matrixSelection',
    {
      text: '<p>Which of them know each other?</p>',
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      previousQn: [q.colleagues],
      egoNetworkMapping: true,
    },
  ]);
  await api(owner, 'PUT', `/api/base/surveys/${surveyId}`, {
    survey: { version: survey.version, status: 'Collecting' },
  });
});

async function linkOf(name: string) {
  const rows = (await api<{ nodes: Row[] }>(owner, 'GET', `/api/base/responses/paged/${surveyId}?limit=500`)).nodes;
  return `/responses/${rows.find((r) => r.name === name)!.randomUUID}`;
}

type AXNode = {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  parentId?: string;
};

/** The controls as Chrome's accessibility tree announces them: role, name and the name of their group. */
async function announced(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const groupOf = (n: AXNode) => {
    for (let p = n.parentId && byId.get(n.parentId); p; p = p.parentId ? byId.get(p.parentId) : undefined)
      if (!p.ignored && (p.role?.value === 'group' || p.role?.value === 'radiogroup')) return p.name?.value ?? '';
    return '';
  };
  const CONTROLS = new Set([
    'radio',
    'checkbox',
    'spinbutton',
    'slider',
    'textbox',
    'combobox',
    'searchbox',
    'listbox',
  ]);
  return nodes
    .filter((n) => !n.ignored && CONTROLS.has(n.role?.value ?? ''))
    .map((n) => ({ role: n.role!.value, name: n.name?.value ?? '', group: groupOf(n) }));
}

/** Every control Chrome announces has a name; the names by role, e.g. 'radio London'. */
async function namesOn(page: Page) {
  const controls = await announced(page);
  expect(controls.filter((c) => c.name.trim() === '')).toEqual([]);
  return controls;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('every question type on a phone: axe on each page, every field named as Chrome announces it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(await linkOf('Colleague 001'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const check = async (n: number, name: string) => {
    await expect(page.getByText(`Page ${n} of ${pageCount}`)).toBeVisible();
    // The close (x) says where it goes: a respondent's page goes back to the welcome page (spec §2).
    await expect(page.getByRole('button', { name: 'Close and return to the welcome page' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/${n}-${name}.png`, fullPage: true });
    return namesOn(page);
  };

  // 1: descriptive text and free text (short and long), each field labelled by its question.
  let names = await check(1, 'text');
  expect(names.map((c) => `${c.role} ${c.name}`)).toEqual([
    'textbox 1. What is your role?(required)',
    'textbox 2. What would make working together easier?',
  ]);
  await page.getByText('What is your role?').click();
  await expect(page.getByRole('textbox', { name: /What is your role/ })).toBeFocused();
  await page.keyboard.type('Engineer');
  await next(page);

  // 2: a number, labelled by the question text (a tap on the text focuses the field).
  names = await check(2, 'number');
  expect(names.map((c) => `${c.role} ${c.name}`)).toEqual(['spinbutton 3. How many years have you worked here?']);
  await page.getByText('How many years have you worked here?').click();
  await expect(page.getByRole('spinbutton', { name: /How many years/ })).toBeFocused();
  await page.keyboard.type('4');
  await next(page);

  // 3: a slider, labelled the same way.
  names = await check(3, 'slider');
  expect(names.map((c) => `${c.role} ${c.name}`)).toEqual([
    'slider 4. How easy is it to get the information you need?',
  ]);
  await next(page);

  // 4: one choice, a dropdown, several choices.
  names = await check(4, 'choices');
  expect(names.map((c) => `${c.role} ${c.name}`).sort()).toEqual(
    ['checkbox English', 'checkbox French', 'combobox 6. Which floor?', 'radio London', 'radio Paris'].sort(),
  );
  await next(page);

  // 5: a matrix: every choice is named with its row and its column, in a group named by the row.
  await expect(page.getByText(`Page 5 of ${pageCount}`)).toBeVisible();
  // The page scrolls to its top as it opens: a click during that scroll can miss, so check until it holds.
  const weekly = page.getByRole('radio', { name: 'Chat: Weekly' });
  await expect(async () => {
    await weekly.check();
    await expect(weekly).toBeChecked({ timeout: 1_000 });
  }).toPass();
  names = await check(5, 'matrix');
  expect(names.map((c) => `${c.group} | ${c.role} ${c.name}`)).toEqual([
    'Email | radio Email: Daily',
    'Email | radio Email: Weekly',
    'Email | radio Email: Never',
    'Chat | radio Chat: Daily',
    'Chat | radio Chat: Weekly',
    'Chat | radio Chat: Never',
  ]);
  await next(page);

  // 6: 160 people in a windowed list with a filter.
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: 'Colleague 002' }).click();
  await listbox.getByRole('option', { name: 'Colleague 003' }).click();
  names = await check(6, 'people-list');
  expect(names.map((c) => c.role)).toEqual(['searchbox', 'listbox']);
  await next(page);

  // 7: a search over a list.
  await page.getByRole('searchbox').fill('Team 01');
  await expect(page.getByRole('checkbox', { name: 'Team 010' })).toBeVisible();
  await check(7, 'search');
  await next(page);

  // 8: a matrix of the people chosen on page 6, and a people grid.
  names = await check(8, 'people-matrix');
  expect(names.filter((c) => c.group.startsWith('Colleague')).map((c) => `${c.group} | ${c.role} ${c.name}`)).toEqual([
    'Colleague 002 | radio Colleague 002: Daily',
    'Colleague 002 | radio Colleague 002: Weekly',
    'Colleague 003 | radio Colleague 003: Daily',
    'Colleague 003 | radio Colleague 003: Weekly',
  ]);
  await next(page);

  // 9: an ego network: who of them know each other.
  names = await check(9, 'ego-network');
  expect(names.map((c) => `${c.group} | ${c.role} ${c.name}`)).toEqual([
    'Colleague 002 | checkbox Colleague 002: Colleague 003',
    'Colleague 003 | checkbox Colleague 003: Colleague 002',
  ]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('reopening a link after answers were saved says they are saved, not "Not saved yet"', async ({ browser }) => {
  const link = await linkOf('Colleague 004');
  const phone = await (await browser.newContext(PHONE)).newPage();
  await phone.goto(link);
  await phone.getByRole('button', { name: 'Continue' }).click();
  await expect(phone.getByText('Page 1 of')).toBeVisible();
  await phone.getByRole('textbox', { name: /What is your role/ }).fill('Planner');
  await expect(phone.getByText(/Last saved \d+ seconds? ago/)).toBeVisible();
  await expect.poll(async () => (await storedResponse(phone, link.split('/').pop()!)).answers).toHaveLength(1);
  await phone.context().close();

  // The link opened again with nothing kept on the device (another device, or cleared storage).
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(link);
  await expect(page.getByRole('textbox', { name: /What is your role/ })).toHaveValue('Planner');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByText('Not saved yet')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/resumed.png`, fullPage: true });
  // A save in this visit shows its time again.
  await page.getByRole('textbox', { name: /working together easier/ }).fill('Fewer meetings');
  await expect(page.getByText(/Last saved \d+ seconds? ago/)).toBeVisible();
  await page.context().close();
});
