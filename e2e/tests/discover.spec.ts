import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signUp, unique } from './helpers';
import { addExampleNetwork, rowAction } from './networks-helpers';

// Discover (platform spec §2 /discover, {id}/describe, {id}/duplicate): a new user finds Tieline's
// curated examples, reads a summary and copies one into their networks; an owner publishes a network
// and another account finds it.

const SHOTS = process.env.E2E_SHOTS ?? 'test-results/discover-shots';

test('a user searches Discover, describes the karate club, duplicates it and opens it in the explorer', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();
  // The curated examples (other journeys may have published more meanwhile).
  for (const name of [
    "Zachary's karate club",
    'Les Misérables co-appearances',
    "Padgett's Florentine families",
    'Acme organization (demo)',
  ]) {
    await expect(page.getByTestId('discover-card').filter({ hasText: name })).toHaveCount(1);
  }
  await page.screenshot({ path: `${SHOTS}/gallery.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole('searchbox', { name: 'Search Discover' }).fill('karate');
  await expect(page.getByTestId('discover-card')).toHaveCount(1);
  await page.getByRole('link', { name: "Describe Zachary's karate club" }).click();
  await expect(page).toHaveURL(/\/discover\/[^/]+\/describe$/);
  const summary = page.getByTestId('discover-summary');
  await expect(summary.getByRole('table', { name: 'Summary' })).toContainText('34');
  await expect(summary.getByRole('region', { name: 'Top 5 by degree' })).toContainText('Member 34');
  await expect(summary.getByRole('table', { name: 'Attributes' })).toContainText('Mr. Hi (17)');
  await expect(summary).toContainText('Zachary, W. W. (1977)');
  await page.screenshot({ path: `${SHOTS}/describe.png`, fullPage: true });
  await summary.getByRole('region', { name: 'Communities' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/describe-communities.png` });
  await expectNoAxeViolations(page, '[role="dialog"]');

  await summary.getByRole('link', { name: 'Duplicate into my networks' }).click();
  await expect(page).toHaveURL(/\/discover\/[^/]+\/duplicate$/);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog).toContainText("“Zachary's karate club (copy)” is now one of your networks");
  await page.screenshot({ path: `${SHOTS}/duplicated.png`, fullPage: true });
  await dialog.getByRole('link', { name: 'Open in the explorer' }).click();
  await expect(page).toHaveURL(/\/networks\/explore\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Zachary's karate club (copy)").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/explorer.png` });
});

test('an owner publishes a network and another account finds it', async ({ page, browser }) => {
  const word = `orchard${unique()}`;
  const owner = await signUp(page);
  await addExampleNetwork(page);
  await rowAction(page, 'Example network', 'Publish to Discover');
  await expect(page).toHaveURL(/\/networks\/[^/]+\/publish$/);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill(`Who works with whom at the ${word} team`);
  await dialog.getByLabel(/^Tags/).fill('Teams, E2E, teams');
  await page.screenshot({ path: `${SHOTS}/publish-dialog.png` });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('“Example network” is published to Discover')).toBeVisible();

  // The free plan publishes one network: a second is refused with the plan and its limit.
  await rowAction(page, 'Example network', 'Duplicate');
  await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
  await rowAction(page, 'Example network (copy)', 'Publish to Discover');
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'The Free plan can publish at most 1 network to Discover. Unpublish one first, or upgrade your plan.',
  );
  await page.screenshot({ path: `${SHOTS}/publish-cap.png` });

  const other = await browser.newContext();
  const theirs = await other.newPage();
  await signUp(theirs);
  await theirs.goto('/discover');
  await theirs.getByRole('searchbox', { name: 'Search Discover' }).fill(word);
  const card = theirs.getByTestId('discover-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Example network');
  await expect(card).toContainText(owner.name);
  await expect(card.getByRole('list', { name: 'Tags' })).toHaveText(/Teams\s*E2E/);
  await theirs.screenshot({ path: `${SHOTS}/found.png`, fullPage: true });
  await card.getByRole('button', { name: 'Show networks tagged E2E' }).click();
  await expect(theirs.getByRole('button', { name: 'E2E', pressed: true })).toBeVisible();
  await other.close();
});
