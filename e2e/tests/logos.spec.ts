import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';
import { addQuestion, api, type Survey, startAs, uploadList } from './respondent-setup';

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/logos-shots';
const ORG = 'Acme Research (demo)';

/** A PNG of one colour, made here so the test needs no fixture file. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image has really loaded (not just an <img> pointing at a broken address). */
async function expectLoaded(image: ReturnType<Page['getByRole']>, width: number) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(width);
}

const favicon = (page: Page) => page.locator('link[rel="icon"]').getAttribute('href');

/** The Help menu's items, then closes it. */
async function helpItems(page: Page) {
  await page.getByRole('button', { name: 'Help' }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items.map((t) => t.trim());
}

test('an owner whitelabels the organization: top bar, favicon and the survey pages of its respondents', async ({
  page,
  browser,
}) => {
  await signIn(page, 'demo@tieline.local', 'tieline-demo');
  await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
  await expect(page).toHaveURL(/\/networks$/);
  await expect(page.getByRole('link', { name: 'Tieline home' })).toBeVisible();

  await page.getByRole('button', { name: `Organization: ${ORG}` }).click();
  await page.getByRole('menuitem', { name: 'Logos' }).click();
  await expect(page.getByRole('heading', { name: 'Logos', level: 1 })).toBeVisible();
  // The e2e server's TUTORIAL_VIDEOS has a video for this page: shown while Tieline's brand is.
  await expect(page).toHaveTitle('Logos · Tieline');
  expect(await helpItems(page)).toContain('Watch Tutorial');
  await expectNoAxeViolations(page);

  // A renamed text file passes the browser's guess and is refused by the server, which reads the bytes.
  await page.getByLabel('Upload whitelabel logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Logos must be JPEG or PNG images' })).toBeVisible();

  await page.getByLabel('Upload whitelabel logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(120, 32, [250, 204, 21]),
  });
  const topLogo = page.getByRole('link', { name: `${ORG} home` }).locator('img');
  await expectLoaded(topLogo, 120);
  await expectLoaded(page.getByRole('img', { name: 'Current whitelabel logo' }), 120);
  expect(await helpItems(page)).not.toContain('Watch Tutorial');
  // Whitelabel titles (spec §1): the tab no longer names Tieline.
  await expect(page).toHaveTitle('Logos');

  await page.getByLabel('Upload favicon').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: png(32, 32, [220, 38, 38]),
  });
  await expectLoaded(page.getByRole('img', { name: 'Current favicon' }), 32);
  await expect.poll(() => favicon(page)).toMatch(/^\/api\/base\/logos\/[0-9a-f-]{36}$/);
  const iconHref = (await favicon(page))!;
  const served = await page.request.get(iconHref);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  await page.screenshot({ path: `${SHOTS}/logos-page.png`, fullPage: true });
  await expectNoAxeViolations(page);

  // A reload keeps it: the configuration answers the signed-in user's organization's logos.
  await page.reload();
  await expectLoaded(topLogo, 120);
  expect(await favicon(page)).toBe(iconHref);

  // A survey of the organization, answered through its single link by a respondent without an account.
  const surveyName = `Branded ${unique()}`;
  let survey = await api<Survey>(page, 'POST', '/api/base/surveys/', { name: surveyName });
  await uploadList(page, `/api/base/lists/uploadRespondentList/${survey._id}`, 'Staff', 'Respondent List', [
    ['Name', 'Email'],
    ['Ada Lovelace', 'ada@example.com'],
    ['Grace Hopper', 'grace@example.com'],
  ]);
  survey = (await addQuestion(page, survey, 'freeFormText', { text: '<p>What is your role?</p>' })).survey;
  await api(page, 'PUT', `/api/base/surveys/${survey._id}`, {
    survey: {
      version: survey.version,
      status: 'Collecting',
      hasOpenLink: true,
      requireSignUp: true,
      nameAutocompletion: true,
      identifyingInformation: 'email',
    },
  });
  const respondent = await (await browser.newContext()).newPage();
  await respondent.goto(`/responses/start/${survey._id}`);
  await expectLoaded(respondent.getByRole('img', { name: 'Organization logo' }), 120);
  await startAs(respondent, survey._id, 'Ada Lovelace', 'ada@example.com');
  await expectLoaded(respondent.getByRole('img', { name: 'Organization logo' }), 120);
  await expect.poll(() => favicon(respondent)).toBe(iconHref);
  await expect(respondent).toHaveTitle(surveyName);
  await respondent.screenshot({ path: `${SHOTS}/respondent.png` });
  await expectNoAxeViolations(respondent);
  await respondent.context().close();

  // Removing both undoes the whitelabelling (and leaves the shared demo organization as other journeys expect).
  await page.getByRole('button', { name: 'Remove whitelabel logo' }).click();
  await expect(page.getByRole('link', { name: 'Tieline home' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove favicon' }).click();
  await expect(page.getByRole('img', { name: 'Current favicon' })).toHaveCount(0);
  await expect(page).toHaveTitle('Logos · Tieline');
  expect(await helpItems(page)).toContain('Watch Tutorial');
  expect((await page.request.get(iconHref)).status()).toBe(404);
});
