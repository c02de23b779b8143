import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { expect, test } from '@playwright/test';
import { unique } from './helpers';
import { api, expectNoAxeViolations, ownerPage, startAs } from './respondent-setup';

// The completion webhook from the owner's side: the webhook URL typed in the Completion Message step, a
// respondent submitting, a receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true)
// checking the signature with the secret the owner reveals, and the delivery in the owner's log.

let receiver: Server;
let url = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tieline`;
});
test.afterAll(() => receiver.close());

test('the owner sets a webhook, sees its secret and a signed delivery in the log', async ({ browser }) => {
  const page = await ownerPage(browser);
  await page.goto('/networks');
  const name = `Webhook E2E ${unique()}`;
  const survey = await api<{ _id: string; version: number }>(page, 'POST', '/api/base/surveys/', { name });
  const id = survey._id;
  const book = XLSX.utils.book_new();
  const people = [
    ['Name', 'Email'],
    ['Ada Lovelace', 'ada@example.com'],
    ['Alan Turing', 'alan@example.com'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(people), 'Sheet1');
  const data = (XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer).toString('base64');
  await page.evaluate(
    async ({ id, data }) => {
      const form = new FormData();
      form.set('title', 'People');
      form.set('type', 'Respondent List');
      form.set('file', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]), 'people.xlsx');
      const res = await fetch(`/api/base/lists/uploadRespondentList/${id}`, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    },
    { id, data },
  );
  const created = await api<{ survey: { version: number } }>(page, 'POST', `/api/base/surveys/${id}/questions`, {
    version: survey.version,
    index: 0,
    type: 'freeFormText',
  });
  const current = await api<{ version: number; questions: { _id: string }[] }>(page, 'GET', `/api/base/surveys/${id}`);
  await api(page, 'PUT', `/api/base/surveys/${id}/questions/${current.questions[0]!._id}`, {
    version: created.survey.version,
    question: { text: '<p>Anything to add?</p>' },
  });
  const latest = await api<{ version: number }>(page, 'GET', `/api/base/surveys/${id}`);
  await api(page, 'PUT', `/api/base/surveys/${id}`, {
    survey: {
      version: latest.version,
      status: 'Collecting',
      hasOpenLink: true,
      requireSignUp: true,
      nameAutocompletion: true,
      identifyingInformation: 'email',
    },
  });

  // The owner turns the webhook on in the builder and types the receiver's address.
  await page.goto(`/surveys/${id}/completion-message`);
  await page.getByRole('switch', { name: 'Webhook On Completion' }).click();
  await page.getByLabel('Webhook URL').fill(url);
  await page.getByLabel('Webhook URL').blur();
  await expect(page.getByText('No deliveries yet.', { exact: false })).toBeVisible();
  const masked = page.getByTestId('webhook-secret');
  await expect(masked).toContainText('••••');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(masked).toHaveText(/^[0-9a-f]{64}$/);
  const secret = (await masked.textContent())!;

  // A respondent answers and submits.
  const respondent = await (await browser.newContext()).newPage();
  await startAs(respondent, id, 'Ada Lovelace', 'ada@example.com');
  await respondent.getByRole('button', { name: 'Continue' }).click();
  await respondent.getByRole('textbox').first().fill('All good');
  await respondent.getByRole('button', { name: 'Submit' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const post = received[0]!;
  const timestamp = String(post.headers['x-tieline-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${post.body}`).digest('hex')}`;
  expect(post.headers['x-tieline-signature']).toBe(expected);
  const body = JSON.parse(post.body);
  expect(body).toMatchObject({ surveyId: id, surveyName: name, respondent: { name: 'Ada Lovelace' } });
  expect(body.answers[0]).toMatchObject({ question: 'Anything to add?', value: 'All good' });

  // The owner's log shows the delivery.
  await page.getByRole('button', { name: 'Refresh' }).click();
  const log = page.getByTestId('webhook-log');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('delivered');
  await expect(log.getByRole('row').nth(1)).toContainText('204');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/webhook/completion-webhook.png', fullPage: true });

  // Rotating asks first, then shows a new secret.
  await page.getByRole('button', { name: 'Rotate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
  await expect(masked).toHaveText(/^[0-9a-f]{64}$/);
  await expect(masked).not.toHaveText(secret);
});
