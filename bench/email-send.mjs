// Emailing a survey (issue 9), on PostgreSQL with the built server and a loopback SMTP sink:
// - queueing: POST /api/base/surveys/emailRespondents/{surveyId} to 10,000 respondents (budget 1 s),
//   against GET /api/health in the same run;
// - delivery: messages per second into the sink until the send is finished, against nodemailer sending
//   the same number of messages straight from this process, one in flight, into the same sink.
// Imported by bench/run.mjs as the `emails` entry. Needs `pnpm build` and psql.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { median, root } from './lib.mjs';
import { open, people, psql, seedList, withDatabase } from './respondent-api.mjs';

const require = createRequire(join(root, 'packages/api/package.json'));
const { SMTPServer } = require('smtp-server');
const nodemailer = require('nodemailer');

const RECIPIENTS = Number(process.env.BENCH_EMAIL_RECIPIENTS ?? 10_000);

async function sink() {
  const got = { count: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        got.count++;
        got.last = performance.now();
        done();
      });
    },
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { got, port: server.server.address().port, close: () => new Promise((r) => server.close(r)) };
}

/** The baseline: `n` messages from this process, one at a time over a pooled connection, per second. */
async function directRate(port, n) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, pool: true, maxConnections: 1 });
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    await transport.sendMail({
      from: 'bench@example.com',
      to: `person.${i}@example.com`,
      subject: 'Bench',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
  }
  transport.close();
  return n / ((performance.now() - t) / 1000);
}

export async function emailSend({ results, startServer }) {
  const mail = await sink();
  try {
    await withDatabase('bench_email', async (url) => {
      const s = await open(startServer, { DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
      try {
        const seeded = await seedList(s, people(RECIPIENTS));
        psql(url, "update user_logins set verified = true where email = 'demo@tieline.local'");
        const { cookie } = seeded;
        const health = [];
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          await (await fetch(`${s.srv.base}/api/health`)).arrayBuffer();
          health.push(performance.now() - t);
        }
        const before = mail.got.count;
        const t0 = performance.now();
        const res = await fetch(`${s.api}/surveys/emailRespondents/${seeded.surveyId}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            surveyId: seeded.surveyId,
            subject: 'Help us map {firstName}',
            body: '<p>Hello {firstName},</p><p>Please answer: {url}</p>',
            plainHTML: false,
            statuses: { 'Not Sent': true },
          }),
        });
        const requestMs = performance.now() - t0;
        const sent = await res.json();
        if (res.status !== 202) throw new Error(`send answered ${res.status}: ${JSON.stringify(sent)}`);
        for (;;) {
          const progress = await fetch(`${s.api}/surveys/emailSends/${seeded.surveyId}`, { headers: { cookie } }).then(
            (r) => r.json(),
          );
          if (progress.sends[0]?.finishedAt) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        const delivered = mail.got.count - before;
        const seconds = (mail.got.last - t0) / 1000;
        const rate = delivered / seconds;
        const direct = await directRate(mail.port, 1000);
        results.emails = {
          recipients: sent.recipients,
          delivered,
          requestMs: Math.round(requestMs),
          healthMedianMs: +median(health).toFixed(2),
          requestBudgetMs: 1000,
          deliveryPerSecond: Math.round(rate),
          directNodemailerPerSecond: Math.round(direct),
          deliveryRatioToDirect: +(rate / direct).toFixed(2),
          minutesFor10k: +(10_000 / rate / 60).toFixed(1),
        };
      } finally {
        await s.srv.stop();
      }
    });
  } finally {
    await mail.close();
  }
}
