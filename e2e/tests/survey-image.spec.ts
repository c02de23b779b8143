import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, unique } from './helpers';

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/survey-image-shots';
// A 4×3 blue PNG, made here so the test needs no fixture file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGOQizoBRww4OQAcvg8BSeKL5gAAAABJRU5ErkJggg==',
  'base64',
);

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
}

/** The preview has really loaded (not just an <img> pointing at a broken URL). */
async function expectImageLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(4);
}

test('upload, keep, reject and remove the survey image on the Details step', async ({ page }) => {
  await signInAsDemo(page);
  const name = `E2E image ${unique()}`;
  await createSurvey(page, name);
  const input = page.getByLabel('Upload image');
  await expect(page.getByText('No image yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove image' })).toHaveCount(0);

  // Keyboard users reach the (visually hidden) file input.
  await input.focus();
  await expect(input).toBeFocused();

  // A real PNG: previewed at once, saved (a new version in the shared cache), kept after a reload.
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expectImageLoaded(page, name);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expectImageLoaded(page, name);

  // The cached version is current: a name edit after the upload saves without a conflict.
  await page.getByLabel('Survey name').fill(`${name} renamed`);
  await page.getByLabel('Survey name').blur();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.getByText('This survey was changed in another tab')).toHaveCount(0);
  await expectImageLoaded(page, `${name} renamed`);

  await expectNoAxeViolations(page);
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 360, height: 780 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/details-image-${viewport.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Checked before sending: too large.
  const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: large });
  await expect(page.getByRole('alert').filter({ hasText: 'The image must be at most 5 MB' })).toBeVisible();

  // A ".png" that is really text passes the browser's guess; the server judges the bytes and says why.
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'The image must be a PNG, JPEG, GIF or WebP file' }),
  ).toBeVisible();
  await expectImageLoaded(page, `${name} renamed`);
  await page.screenshot({ path: `${SHOTS}/details-image-error.png` });

  // Remove, after a small confirmation; Cancel keeps it.
  await page.getByRole('button', { name: 'Remove image' }).click();
  await page.getByRole('dialog', { name: 'Remove image?' }).getByRole('button', { name: 'Cancel' }).click();
  await expectImageLoaded(page, `${name} renamed`);
  await page.getByRole('button', { name: 'Remove image' }).click();
  await page.getByRole('dialog', { name: 'Remove image?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No image yet.')).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} renamed` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No image yet.')).toBeVisible();
  await expect(page.getByLabel('Survey name')).toHaveValue(`${name} renamed`);
});
