import { createServer } from 'node:net';
import { PASSIVE_MSG } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeMicrosoft, startFakeMicrosoft } from './fake-microsoft';
import { startTestApp, type TestApp } from './helpers';
import { connectBody, tenant } from './passive-office365-setup';
import { passiveUser, restAs } from './passive-slack-api-setup';

// Microsoft or Slack out of reach is an expected failure: the person is answered 502 with our message,
// and the server's log gets one line naming the network error under it, not a stack trace.

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let app: TestApp;
let fake: FakeMicrosoft;
beforeAll(async () => {
  // Tokens are given (the fake identity platform); Microsoft Graph and Slack are nowhere.
  fake = await startFakeMicrosoft(tenant());
  const port = await closedPort();
  app = await startTestApp({
    smtp: false,
    env: {
      LOG_LEVEL: 'error',
      MS_LOGIN_URL: fake.url,
      MS_GRAPH_URL: `https://127.0.0.1:${port}`,
      SLACK_API_URL: `http://127.0.0.1:${port}/api/`,
    },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

describe('an outside service that cannot be reached', () => {
  it('answers 502 and logs one line with the network error under our message', async () => {
    const owner = await passiveUser(app);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const microsoft = await restAs(app, owner).post('/passiveData/connections/office365', connectBody());
      expect(microsoft.status, JSON.stringify(microsoft.body)).toBe(502);
      expect(microsoft.body.message).toBe(PASSIVE_MSG.microsoftUnreachableNow);
      const slack = await restAs(app, owner).post('/passiveData/connections/slack', {
        name: 'Acme Slack',
        token: 'xoxb-1-2-abc',
      });
      expect(slack.status).toBe(502);
      expect(slack.body.message).toBe(PASSIVE_MSG.slackUnreachableNow);

      const lines = logged.mock.calls.map((args) => args.map(String).join(' '));
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line).not.toContain('\n');
        // The cause under our message: the refused connection, with its code.
        expect(line).toMatch(/ECONNREFUSED/);
      }
      expect(lines[0]).toMatch(/^passiveData\.office365\.connect: AppError: Microsoft could not be reached.* <- /);
      expect(lines[1]).toMatch(/^passiveData\.slack\.connect: AppError: Slack could not be reached.* <- /);
    } finally {
      logged.mockRestore();
    }
  });
});
