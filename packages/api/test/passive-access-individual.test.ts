// An individual's passive account has no organization: a left join that read the account by its
// organizationId first lost the whole row (drizzle nullifies by the first field), and refused the owner.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';
import { accountOf, clientOf, passiveUser, person, slackConnection } from './passive-queries-setup';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ smtp: false });
});
afterAll(() => app.close());

it('an individual opens, exports and copies the network of their own query', async () => {
  const me = await passiveUser(app, 'individual');
  const account = await accountOf(app, me);
  const slack = await slackConnection(app, account, [
    person('UA', 'Ann', 'ann@x.com'),
    person('UB', 'Bob', 'bob@x.com'),
  ]);
  const at = new Date(Date.now() - 86_400_000);
  await slack.add([{ conversation: 'C1', at, recipients: 1, interactions: [{ type: 'reply', from: 'UA', to: 'UB' }] }]);
  const api = clientOf(app, me);
  const made = await api.post('/passiveData/queries', {
    name: 'R',
    sources: ['slack'],
    types: ['reply'],
    minInteractions: 1,
  });
  await api.post(`/passiveData/queries/${made.body._id}/run`);
  await app.server.worker.drain();
  const { body } = await api.get(`/passiveData/queries/${made.body._id}`);
  const res = await api.get(`/networks/${body.networkId}/data`);
  expect(res.status).toBe(200);
  expect((await api.get(`/networks/${body.networkId}/export/json?metrics=false`)).status).toBe(200);
});
