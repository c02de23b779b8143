import { sql } from '@tieline/db';
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
