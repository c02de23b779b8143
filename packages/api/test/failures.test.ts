import { jobs, sql } from '@tieline/db';
import { MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccount, RestClient, startTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false, env: { LOG_LEVEL: 'error' } });
});
afterAll(() => app.close());

describe('when the database fails under a request', () => {
  it('answers 500 "Something went wrong." on both transports, logs the cause, leaks nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await app.server.deps.db.execute(sql`alter table rate_limits rename to rate_limits_gone`);
    try {
      const rest = await new RestClient(app.url).post('/userLogins/signup', newAccount());
      expect(rest).toMatchObject({ status: 500, body: { message: MSG.somethingWrong } });
      expect(JSON.stringify(rest.body)).not.toMatch(/rate_limits|stack|\.ts:/);
      const trpc = await new RestClient(app.url).call('POST', '/api/trpc/userLogins.signUp', newAccount());
      expect(trpc.status).toBe(500);
      expect(trpc.body.error.message).toBe(MSG.somethingWrong);
      expect(JSON.stringify(trpc.body)).not.toMatch(/rate_limits|stack/);
      expect(logged).toHaveBeenCalledTimes(2);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/rate_limits/);
    } finally {
      await app.server.deps.db.execute(sql`alter table rate_limits_gone rename to rate_limits`);
      logged.mockRestore();
    }
    expect((await new RestClient(app.url).post('/userLogins/signup', newAccount())).status).toBe(200);
  });
});

describe('when the SMTP server is down', () => {
  it('still signs the user up and keeps the mail queued for a retry', async () => {
    const down = await startTestApp({ smtp: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const account = newAccount();
      const res = await new RestClient(down.url).post('/userLogins/signup', account);
      expect(res.status).toBe(200);
      await down.flushMail();
      const job = (await down.server.deps.db.select().from(jobs))[0]!;
      expect(job).toMatchObject({ kind: 'email', state: 'queued', attempts: 1 });
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect((job.payload as { to: string }).to).toBe(account.email);
    } finally {
      await down.close();
    }
  });
});
