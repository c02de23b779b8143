import { expect, test } from '@playwright/test';
import { type FakeWorkspace, startFakeSlack } from '../../packages/api/test/fake-slack';
import { expectNoAxeViolations } from './helpers';
import { startTieline } from './own-server';

// Connecting a Slack app (docs/slack-app.md) through the connect modal: a Tieline of this spec's own,
// whose SLACK_API_URL is a fake Slack Web API on loopback (the one the API tests use). A wrong token is
// refused in the modal with Slack's reason; the right one connects, syncs, and shows its counts; a list of
// its people marks the one Slack deactivated.

const TOKEN = 'xoxb-e2e-1-token';
const now = Math.floor(Date.now() / 1000) - 3 * 86_400;
const ts = (n: number) => `${now + n}.000100`;

const workspace = (): FakeWorkspace => ({
  team: { id: 'T0E2E', name: 'E2E', domain: 'e2e' },
  users: [
    { id: 'UA', name: 'ann', profile: { real_name: 'Ann Archer', email: 'ann@e2e.example' } },
    // Deactivated in Slack: kept, his messages still count, and marked in the lists he is in.
    { id: 'UB', name: 'bob', deleted: true, profile: { real_name: 'Bob Baker', email: 'bob@e2e.example' } },
    { id: 'UC', name: 'cat', profile: { real_name: 'Cat Cole', email: 'cat@e2e.example' } },
  ],
  channels: [{ id: 'C1', name: 'general', kind: 'public', members: ['UA', 'UB', 'UC'] }],
  messages: {
    C1: [
      { ts: ts(1), user: 'UA', text: 'hello <@UB>', reactions: [{ name: 'wave', users: ['UC'] }] },
      { ts: ts(2), user: 'UB', thread_ts: ts(1), text: 'hi' },
      { ts: ts(3), user: 'UC', text: '<@UA> <@UB> lunch?' },
    ],
  },
  usergroups: [],
});

test('connect a Slack app in the modal: a wrong token is refused, the right one syncs', async ({ page }) => {
  test.setTimeout(180_000);
  const slack = await startFakeSlack(workspace(), TOKEN);
  const tieline = await startTieline({ SLACK_API_URL: slack.url, SEED_DEMO: 'yes' });
  try {
    await page.goto(`${tieline.url}/login`);
    await page.getByLabel('Email').fill('demo@tieline.local');
    await page.getByLabel('Password').fill('tieline-demo');
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.getByRole('button', { name: /Acme Research \(demo\)/ }).click();
    // The switch's answer carries the new session: wait for it to land (the dashboard opens) before going on.
    await expect(page).toHaveURL(/\/networks$/);
    await page.goto(`${tieline.url}/passivedata/slack`);
    const dialog = page.getByRole('dialog', { name: 'Connect Slack' });
    await dialog.getByLabel('Name').fill('Acme Slack app');
    await dialog.getByLabel('Bot token').fill('xoxb-e2e-9-wrong');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/Slack refused the token/);
    await expectNoAxeViolations(page, '[role="dialog"]');

    await dialog.getByLabel('Bot token').fill(TOKEN);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    const card = page.locator('[aria-labelledby^="connection-"]').filter({ hasText: 'Acme Slack app' });
    await expect(card.getByText('Up to date')).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText('Slack app', { exact: true })).toBeVisible();
    // Ann, Bob and Cat; Ann mentions Bob, Cat reacts to Ann, Bob replies to Ann, Cat mentions Ann and Bob.
    await expect(card.getByRole('definition').first()).toHaveText('3');
    await expect(card.getByRole('definition').nth(1)).toHaveText('5');
    await expect(card.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/passive-data-slack-app.png', fullPage: true });

    // A list of Ann and Bob (by the JSON API, the page's session): Bob's row says he is deactivated.
    const made = await page.request.post(`${tieline.url}/api/base/passiveData/lists`, {
      headers: { origin: tieline.url },
      data: { name: 'Ann and Bob', emails: ['ann@e2e.example', 'bob@e2e.example'] },
    });
    expect(made.ok()).toBe(true);
    await page.goto(`${tieline.url}/passivedata/lists/${((await made.json()) as { _id: string })._id}/edit`);
    const people = page.getByRole('table', { name: '2 people' });
    const row = (name: string) => people.getByRole('row').filter({ hasText: name });
    await expect(row('Bob Baker').getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(row('Ann Archer')).toBeVisible();
    await expect(row('Ann Archer').getByText('Deactivated', { exact: true })).toHaveCount(0);
  } finally {
    await tieline.close();
    await slack.close();
  }
});
