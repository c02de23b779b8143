// Takes the README screenshot and a few review shots: node e2e/screenshot.mjs http://127.0.0.1:3000 [outDir]
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? '/tmp/tieline-shots';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
await page.goto(`${base}/login`);
await page.screenshot({ path: `${out}/login.png` });
await page.getByLabel('Email').fill('demo@tieline.local');
await page.getByLabel('Password').fill('tieline-demo');
await page.getByRole('button', { name: /sign in|log in/i }).click();
await page.getByRole('heading', { name: /choose/i }).waitFor();
await page.screenshot({ path: `${out}/choose.png` });
await page.getByRole('button', { name: /Individual Account/ }).click();
await page.waitForURL(/networks/);
// The README picture (docs/screenshot.png): the demo survey's questions in the editor.
await page.goto(`${base}/surveys`);
await page.getByRole('link', { name: 'Team collaboration survey (demo)' }).first().click();
await page.waitForURL(/details$/);
await page.goto(page.url().replace(/details$/, 'questions'));
await page.getByRole('button', { name: 'New Question' }).waitFor();
await page.screenshot({ path: `${out}/screenshot.png` });
await page.goto(`${base}/signup`);
await page.screenshot({ path: `${out}/signup.png` });
await page.goto(`${base}/mailbox`);
await page.screenshot({ path: `${out}/mailbox.png` });
const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
const link = process.argv[4];
if (link) {
  await phone.goto(link);
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: `${out}/respondent.png`, fullPage: true });
}
await browser.close();
