import { emailDeliveries, emailSends, eq, jobs, responses, surveys, testEmails } from '@tieline/db';
import { EMAIL_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailRespondents, MESSAGE, statusesOf, surveyWithRespondents, verifiedOwner } from './emails-setup';
import { grantCredits, seedUser, startTestApp, type TestApp } from './helpers';
import { restOf } from './surveys-setup';

// Emailing a survey end to end: the real server on a fresh database, a real SMTP server on loopback
// (which refuses bounce-*@ recipients with 550), the real job worker drained by the test.

let app: TestApp;
const BOUNCE_TOKEN = 'b'.repeat(40);
beforeAll(async () => {
  app = await startTestApp({
    smtpRejects: (address) => address.startsWith('bounce-'),
    env: { BOUNCE_WEBHOOK_TOKEN: BOUNCE_TOKEN },
  });
});
afterAll(() => app.close());

const mailTo = (address: string) => app.inbox.filter((m) => m.to.includes(address));

describe('emailing respondents', () => {
  it('sends 1,000 respondents one message each, with their own link and tokens replaced', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 1000);
    const before = app.inbox.length;
    const res = await emailRespondents(app, owner, surveyId);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ sendId: expect.any(String), recipients: 1000 });
    await app.flushMail();

    const mails = app.inbox.slice(before);
    expect(mails).toHaveLength(1000);
    const people = await statusesOf(app, surveyId);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(1000);
    for (const mail of mails) {
      const to = mail.to[0]!;
      const person = people.get(to)!;
      const first = `Person${/person(\d+)@/.exec(to)![1]}`;
      expect(mail.body).toContain(`/responses/${person.uuid}`);
      expect(mail.body).toContain(`Hello ${first}, dear ${first} Example.`);
      expect(mail.raw).toMatch(new RegExp(`Subject: Help us map ${first}\\r?\\n`));
      expect(mail.raw).toContain('From: People Team <no-reply@tieline.local>');
      expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http[^>]+\/api\/base\/responses\/optOut\/[0-9a-f-]{36}>/);
      expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.body).not.toContain('{firstName}');
      expect(mail.body).not.toContain('{url}');
    }
    expect([...people.values()].every((p) => p.status === 'Not Started')).toBe(true);
    const [survey] = await app.server.deps.db.select().from(surveys).where(eq(surveys.id, surveyId));
    expect(survey!.status).toBe('Collecting');

    const progress = await restOf(app, owner).get(`/surveys/emailSends/${surveyId}`);
    expect(progress.status).toBe(200);
    expect(progress.body.sends[0]).toMatchObject({ recipients: 1000, sent: 1000, pending: 0, failed: 0 });
    expect(progress.body.sends[0].finishedAt).not.toBeNull();

    // The same statuses again: nobody is Not Sent any more.
    const again = await emailRespondents(app, owner, surveyId);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(EMAIL_MSG.noRecipients);
  }, 120_000); // 1,000 messages through the outbox: a loaded host takes over the default 30 s

  it('refuses what cannot be sent, with a clear message, and sends nothing', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 3);
    const sendsBefore = (await app.server.deps.db.select().from(emailSends)).length;
    const before = app.inbox.length;
    const cases: [Record<string, unknown>, Record<string, boolean>, number, string | RegExp][] = [
      [{}, {}, 400, EMAIL_MSG.noRecipients],
      [{}, { 'Not Sent': false, Started: false }, 400, EMAIL_MSG.noRecipients],
      [{}, { Submitted: true }, 400, EMAIL_MSG.noRecipients],
      [{}, { 'Opted Out': true }, 400, EMAIL_MSG.statusNotEmailable],
      [{ subject: '' }, { 'Not Sent': true }, 400, EMAIL_MSG.subjectRequired],
      [{ body: '' }, { 'Not Sent': true }, 400, EMAIL_MSG.bodyRequired],
      [{ subject: 'x'.repeat(501) }, { 'Not Sent': true }, 400, /at most 500/],
      [{ body: 'x'.repeat(50_001) }, { 'Not Sent': true }, 400, /at most 50,000/],
      [{ plainHTML: 'yes' }, { 'Not Sent': true }, 400, /./],
      [{ responseIds: ['nope'] }, { 'Not Sent': true }, 400, /./],
    ];
    for (const [over, statuses, status, message] of cases) {
      const res = await emailRespondents(app, owner, surveyId, statuses, over);
      expect(res.status, JSON.stringify(over)).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const other = await verifiedOwner(app);
    expect((await emailRespondents(app, other, surveyId)).status).toBe(404);
    expect((await emailRespondents(app, { cookie: '' }, surveyId)).status).toBe(401);
    const unverified = await seedUser(app, 'individual');
    const theirs = await surveyWithRespondents(app, unverified, 2);
    const refused = await emailRespondents(app, unverified, theirs);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EMAIL_MSG.unverified);
    await app.server.deps.db.update(surveys).set({ status: 'Completed' }).where(eq(surveys.id, surveyId));
    const completed = await emailRespondents(app, owner, surveyId);
    expect(completed.status).toBe(400);
    expect(completed.body.message).toBe(EMAIL_MSG.completed);

    await app.flushMail();
    expect(app.inbox.length).toBe(before);
    expect((await app.server.deps.db.select().from(emailSends)).length).toBe(sendsBefore);
  });

  it('the same send twice at once emails each person once; a send while one is under way is refused', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 20);
    const before = app.inbox.length;
    const [a, b] = await Promise.all([emailRespondents(app, owner, surveyId), emailRespondents(app, owner, surveyId)]);
    const accepted = [a, b].filter((r) => r.status === 202);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body.recipients).toBe(20);
    const refused = [a, b].find((r) => r.status !== 202)!;
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(EMAIL_MSG.alreadySending);
    await app.flushMail();
    const mails = app.inbox.slice(before);
    expect(mails).toHaveLength(20);
    expect(new Set(mails.flatMap((m) => m.to)).size).toBe(20);
  });

  it('sends to the chosen people only (the dashboard resend), by status too', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 5);
    const people = await statusesOf(app, surveyId);
    const ids = await app.server.deps.db
      .select({ id: responses.id, email: responses.nodeEmail })
      .from(responses)
      .where(eq(responses.surveyId, surveyId));
    const chosen = ids.filter((r) => r.email === 'person1@example.com' || r.email === 'person3@example.com');
    const before = app.inbox.length;
    const res = await emailRespondents(
      app,
      owner,
      surveyId,
      { 'Not Sent': true },
      { responseIds: chosen.map((c) => c.id) },
    );
    expect(res.body.recipients).toBe(2);
    await app.flushMail();
    expect(
      app.inbox
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['person1@example.com', 'person3@example.com']);
    expect(people.size).toBe(5);
  });
});

describe('opting out and bounces', () => {
  it('an opt-out link asks first, then sets Opted Out, and opted-out people are never emailed again', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 3);
    await emailRespondents(app, owner, surveyId);
    await app.flushMail();
    const mail = mailTo('person0@example.com').at(-1)!;
    const url = new URL(/List-Unsubscribe:\s+<([^>]+)>/.exec(mail.raw)![1]!);
    const anonymous = restOf(app);

    const page = await anonymous.call('GET', url.pathname);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post">');
    expect((await statusesOf(app, surveyId)).get('person0@example.com')!.status).toBe('Not Started');

    // RFC 8058 one-click: a form post from the mail provider, no Origin of ours.
    const done = await anonymous.call('POST', url.pathname, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example.net',
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain(EMAIL_MSG.optedOut);
    expect((await statusesOf(app, surveyId)).get('person0@example.com')!.status).toBe('Opted Out');

    const before = app.inbox.length;
    const all = { 'Not Sent': true, 'Not Started': true, Started: true, Submitted: true, Starred: true, Bounced: true };
    const res = await emailRespondents(app, owner, surveyId, all);
    expect(res.body.recipients).toBe(2);
    await app.flushMail();
    expect(app.inbox.slice(before).flatMap((m) => m.to)).not.toContain('person0@example.com');

    const unknown = await anonymous.call('POST', '/api/base/responses/optOut/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await anonymous.call('POST', '/api/base/responses/optOut/not-a-uuid')).status).toBe(404);
  });

  it('a Submitted respondent who opts out stays Submitted and is never emailed again', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 2);
    const { db } = app.server.deps;
    await db
      .update(responses)
      .set({ status: 'Submitted', submitted: new Date() })
      .where(eq(responses.surveyId, surveyId));
    const uuid = (await statusesOf(app, surveyId)).get('person0@example.com')!.uuid;
    const res = await restOf(app).call('POST', `/api/base/responses/optOut/${uuid}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    const people = await statusesOf(app, surveyId);
    expect(people.get('person0@example.com')!.status).toBe('Submitted');
    const before = app.inbox.length;
    const send = await emailRespondents(app, owner, surveyId, { Submitted: true });
    expect(send.body.recipients).toBe(1);
    await app.flushMail();
    expect(app.inbox.slice(before).flatMap((m) => m.to)).toEqual(['person1@example.com']);
  });

  it('an SMTP rejection marks the respondent Bounced and the rest are delivered', async () => {
    const owner = await verifiedOwner(app);
    const [row] = await app.server.deps.db
      .insert(surveys)
      .values({ ownerId: owner.userId, name: 'Bouncy', status: 'Collecting' })
      .returning();
    const { uploadRespondents, xlsx } = await import('./lists-fixtures');
    await grantCredits(app, owner, 2);
    await uploadRespondents(
      app,
      owner.cookie,
      row!.id,
      xlsx([
        ['Name', 'Email'],
        ['Good One', 'good@example.com'],
        ['Gone Away', 'bounce-gone@example.com'],
      ]),
    );
    const before = app.inbox.length;
    await emailRespondents(app, owner, row!.id);
    await app.flushMail();
    expect(app.inbox.slice(before).flatMap((m) => m.to)).toEqual(['good@example.com']);
    const people = await statusesOf(app, row!.id);
    expect(people.get('bounce-gone@example.com')!.status).toBe('Bounced');
    expect(people.get('good@example.com')!.status).toBe('Not Started');
    const progress = await restOf(app, owner).get(`/surveys/emailSends/${row!.id}`);
    expect(progress.body.sends[0]).toMatchObject({ recipients: 2, sent: 1, bounced: 1, pending: 0 });
  });

  it('the bounce webhook needs its token and marks the delivery Bounced', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 2);
    await emailRespondents(app, owner, surveyId);
    await app.flushMail();
    const mail = mailTo('person1@example.com').at(-1)!;
    const deliveryId = /X-Tieline-Delivery: ([0-9a-f-]{36})/.exec(mail.raw)![1]!;
    const hook = restOf(app);
    expect((await hook.post('/emails/bounce', { deliveryId })).status).toBe(401);
    const wrong = await hook.call('POST', '/api/base/emails/bounce', { deliveryId }, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    const auth = { authorization: `Bearer ${BOUNCE_TOKEN}` };
    expect((await hook.call('POST', '/api/base/emails/bounce', {}, auth)).status).toBe(400);
    const ok = await hook.call('POST', '/api/base/emails/bounce', { deliveryId }, auth);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ bounced: 1 });
    expect((await statusesOf(app, surveyId)).get('person1@example.com')!.status).toBe('Bounced');
    const byEmail = await hook.call('POST', '/api/base/emails/bounce', { email: 'PERSON0@example.com' }, auth);
    expect(byEmail.body.bounced).toBeGreaterThanOrEqual(1);
    expect((await statusesOf(app, surveyId)).get('person0@example.com')!.status).toBe('Bounced');
  });
});

describe('test emails', () => {
  it('sends each address a test link and says Email Sent / Emails Sent by the count of @', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 1);
    const before = app.inbox.length;
    const res = await restOf(app, owner).post(`/surveys/testEmail/${surveyId}`, {
      surveyId,
      subject: MESSAGE.subject,
      body: MESSAGE.body,
      to: ' Tester@Example.com, other@example.com ,',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 2 });
    await app.flushMail();
    const mails = app.inbox.slice(before);
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['other@example.com', 'tester@example.com']);
    const links = await app.server.deps.db.select().from(testEmails).where(eq(testEmails.surveyId, surveyId));
    expect(links).toHaveLength(2);
    for (const mail of mails) {
      const link = links.find((l) => mail.to.includes(l.to))!;
      expect(mail.body).toContain(`/responses/test/${link.id}`);
      expect(mail.raw).not.toContain('List-Unsubscribe');
    }
    // Test mail changes no respondent.
    expect((await statusesOf(app, surveyId)).get('person0@example.com')!.status).toBe('Not Sent');
    const { testSentMessage } = await import('@tieline/validation');
    expect(testSentMessage('a@example.com')).toBe('Email Sent');
    expect(testSentMessage('a@example.com, b@example.com')).toBe('Emails Sent');
  });

  it('limits test sends per user (an account is no mail relay)', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 1);
    const send = () =>
      restOf(app, owner).post(`/surveys/testEmail/${surveyId}`, {
        surveyId,
        subject: 'S',
        body: '<p>B</p>',
        to: 'me@example.com',
      });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await app.server.deps.db.select().from(testEmails).where(eq(testEmails.surveyId, surveyId))).toHaveLength(
      10,
    );
  });

  it('refuses malformed address lists and too many addresses', async () => {
    const owner = await verifiedOwner(app);
    const surveyId = await surveyWithRespondents(app, owner, 1);
    const base = { surveyId, subject: 'S', body: '<p>B</p>' };
    const cases: [unknown, string][] = [
      ['', EMAIL_MSG.testAddresses],
      [' , ', EMAIL_MSG.testAddresses],
      ['a@example.com, nope', EMAIL_MSG.testAddressInvalid('nope')],
      [Array.from({ length: 11 }, (_, i) => `t${i}@example.com`).join(','), EMAIL_MSG.tooManyTestAddresses],
      [42, EMAIL_MSG.testAddresses],
    ];
    for (const [to, message] of cases) {
      const res = await restOf(app, owner).post(`/surveys/testEmail/${surveyId}`, { ...base, to });
      expect(res.status, String(to)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const other = await verifiedOwner(app);
    const foreign = await restOf(app, other).post(`/surveys/testEmail/${surveyId}`, { ...base, to: 'a@example.com' });
    expect(foreign.status).toBe(404);
  });
});

describe('SMTP down', () => {
  it('retries later and marks nothing sent that was not; delivers once the server is back', async () => {
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const down = await startTestApp({ smtp: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const owner = await verifiedOwner(down);
      const surveyId = await surveyWithRespondents(down, owner, 3);
      const res = await emailRespondents(down, owner, surveyId);
      expect(res.status).toBe(202);
      await down.flushMail();
      const { db } = down.server.deps;
      const rows = await db.select().from(emailDeliveries).where(eq(emailDeliveries.sendId, res.body.sendId));
      expect(rows.filter((r) => r.state === 'sent')).toHaveLength(0);
      expect(rows.some((r) => r.state === 'queued' && r.error)).toBe(true);
      expect([...(await statusesOf(down, surveyId)).values()].every((p) => p.status === 'Not Sent')).toBe(true);
      const [survey] = await db.select().from(surveys).where(eq(surveys.id, surveyId));
      expect(survey!.status).toBe('Offline');

      // The server comes back; time passes (the backoff is due now).
      const { startSmtp } = await import('./helpers');
      const smtp = await startSmtp({ port });
      try {
        await db.update(emailDeliveries).set({ runAt: new Date(0) });
        await db
          .update(jobs)
          .set({ runAt: new Date(0) })
          .where(eq(jobs.state, 'queued'));
        await down.flushMail();
        expect(smtp.inbox.flatMap((m) => m.to).sort()).toEqual([
          'person0@example.com',
          'person1@example.com',
          'person2@example.com',
        ]);
        const after = await db.select().from(emailDeliveries).where(eq(emailDeliveries.sendId, res.body.sendId));
        expect(after.every((r) => r.state === 'sent')).toBe(true);
      } finally {
        // Pooled SMTP connections stay open until the mailer closes; the sink waits for them.
        down.server.mailer.close();
        await smtp.close();
      }
    } finally {
      await down.close();
    }
  });
});
