// The access table of router-access.test.ts: one row per procedure of appRouter (see that file for how
// to add a row). Kept apart so the test file reads as the rules it checks.
import { randomUUID } from 'node:crypto';
import { tempUsers } from '@tieline/db';
import { API_KEY_MSG, MSG, NETWORK_MSG, ORGANIZATION_MSG } from '@tieline/validation';
import { generate } from 'otplib';
import { generateToken, hashToken } from '../src/auth/tokens';
import { newAccount, seedUser, turnOnTwoFactor } from './helpers';
import { connectBody as office365Body } from './passive-office365-setup';
import { PASSIVE_QUERY_PROCEDURES } from './passive-queries-access-table';
import { AONA_PROCEDURES } from './router-access-aona';
import {
  apiKeyOf,
  DAY,
  emailedToken,
  linkedSurvey,
  listHidden,
  networkOf,
  onDiscover,
  onNetwork,
  onResponse,
  onSeries,
  onSurvey,
  onSurveyVerified,
  type Row,
  SURVEY_HIDDEN,
  surveyWithList,
  testEmailOf,
} from './router-access-fixtures';
import { PASSIVE_SETTINGS_PROCEDURES } from './router-access-passive-settings';
import { ORGANIZATION_PROCEDURES } from './router-access-table-organizations';

export const PROCEDURES: Record<string, Row> = {
  'config.get': { rule: 'public' },
  // Public, but gated by configuration: readable here (no SMTP, loopback only); 404 otherwise, which
  // http-guards.test.ts covers.
  'outbox.list': { rule: 'public' },
  'userLogins.signUp': { rule: 'public', input: () => newAccount() },
  'userLogins.signIn': {
    rule: 'public',
    input: async ({ app }) => {
      const { email, password } = await seedUser(app, 'individual', { withPassword: true });
      return { email, password };
    },
  },
  'userLogins.twoFactorSignIn': {
    rule: 'public',
    input: async ({ app }) => {
      const { email, password } = await seedUser(app, 'individual', { withPassword: true });
      const secret = await turnOnTwoFactor(app, email);
      return { email, password, token: await generate({ secret }) };
    },
  },
  'userLogins.switchUser': {
    rule: 'signedIn',
    input: ({ me }) => ({ userId: me.userId }),
    // Answers as sign-in's choose-organization step does for a user of another login: 400, same as an
    // unknown id (so nothing leaks), though not the 404 the architecture asks for tenant ids.
    foreign: {
      id: ({ other }) => other.userId,
      input: (userId) => ({ userId }),
      answer: { status: 400, message: MSG.userNotFound },
    },
  },
  'userLogins.signOut': { rule: 'public' },
  'userLogins.verifyEmail': { rule: 'public', input: async (f) => ({ token: await emailedToken(f, 'verify') }) },
  'userLogins.resendVerificationEmail': { rule: 'signedIn' },
  'userLogins.forgotPassword': { rule: 'public', input: ({ me }) => ({ email: me.email }) },
  'userLogins.resetPassword': {
    rule: 'public',
    input: async (f) => ({ token: await emailedToken(f, 'reset'), password: 'a new long secret' }),
  },
  'userLogins.resetPasswordWithTwoFactorAuth': {
    rule: 'public',
    input: async (f) => {
      const secret = await turnOnTwoFactor(f.app, f.me.email);
      const resetToken = await emailedToken(f, 'reset');
      return { resetToken, password: 'a new long secret', token: await generate({ secret }) };
    },
  },
  'userLogins.checkUsername': { rule: 'public', input: () => ({ username: `free-${randomUUID().slice(0, 8)}` }) },
  'userLogins.checkEmail': { rule: 'public', input: () => ({ email: `${randomUUID()}@example.com` }) },
  'userLogins.heartbeat': { rule: 'signedIn' },
  'userLogins.checkSAML': { rule: 'public' },
  'userLogins.signInCommunity': {
    rule: 'public',
    input: async ({ app }) => {
      const { email, password } = await seedUser(app, 'owner', { withPassword: true });
      return { email, password };
    },
  },
  'userLogins.twoFactorSignInCommunity': {
    rule: 'public',
    input: async ({ app }) => {
      const { email, password } = await seedUser(app, 'owner', { withPassword: true });
      const secret = await turnOnTwoFactor(app, email);
      return { email, password, token: await generate({ secret }) };
    },
  },
  'organizations.get': {
    rule: 'signedIn',
    input: ({ me }) => ({ id: me.organizationId }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (id) => ({ id }),
      answer: { status: 404, message: ORGANIZATION_MSG.notFound },
    },
  },
  'organizations.save': {
    rule: 'orgOwner',
    input: ({ me }) => ({ id: me.organizationId, name: 'Renamed', communityUrl: 'https://community.example.com' }),
    foreign: {
      id: ({ other }) => other.organizationId!,
      input: (id) => ({ id, name: 'Renamed' }),
      answer: { status: 404, message: ORGANIZATION_MSG.notFound },
    },
  },
  'users.me': { rule: 'signedIn' },
  'users.session': { rule: 'public' },
  // Seeded users have no password: a signed-in caller is admitted and told the password is wrong (400).
  'profile.update': {
    rule: 'signedIn',
    input: () => ({ currentPassword: 'not it', username: 'renamed', email: 'renamed@example.com', name: 'Renamed' }),
  },
  'profile.changePassword': {
    rule: 'signedIn',
    input: () => ({ currentPassword: 'not it', newPassword: 'a new long secret', verifyPassword: 'a new long secret' }),
  },
  'profile.hideTutorialVideosMessage': { rule: 'signedIn' },
  'profile.deleteAccount': { rule: 'signedIn', input: () => ({ currentPassword: 'not it' }) },
  'profile.twoFactor.generateSecret': { rule: 'signedIn', input: () => ({ currentPassword: 'not it' }) },
  'profile.twoFactor.confirmSecret': {
    rule: 'signedIn',
    input: () => ({ currentPassword: 'not it', mobileNumber: '+44 7700 900123', token: '123456' }),
  },
  'profile.twoFactor.disable': { rule: 'signedIn', input: () => ({ currentPassword: 'not it' }) },
  'profile.twoFactor.recoveryCodesLeft': { rule: 'signedIn' },
  'profile.twoFactor.newRecoveryCodes': {
    rule: 'signedIn',
    input: () => ({ currentPassword: 'not it', token: '123456' }),
  },
  'profile.removeAvatar': { rule: 'signedIn' },
  'users.accounts': { rule: 'signedIn' },
  'tempUsers.get': {
    rule: 'public',
    input: async ({ app, other }) => {
      const token = generateToken();
      const { email, name } = newAccount('invitee');
      await app.server.deps.db.insert(tempUsers).values({
        id: hashToken(token),
        email,
        name,
        organizationId: other.organizationId!,
        permission: 'Admin',
        expiresAt: new Date(Date.now() + DAY),
      });
      return { id: token };
    },
  },
  'support.request': { rule: 'public', input: () => ({ email: 'someone@example.com', message: 'Help, please' }) },
  'surveys.byRandomUUID': { rule: 'public', input: async (f) => ({ id: (await linkedSurvey(f)).randomUUID }) },
  'surveys.byTestEmailId': { rule: 'public', input: async (f) => ({ id: await testEmailOf(f) }) },
  'lists.getNecessaryByTestEmailId': { rule: 'public', input: async (f) => ({ id: await testEmailOf(f) }) },
  // Support replay: the survey's owner and organization Owner/Admins (super admins too, see
  // responses-history.test.ts); another tenant's response is 404 as an unknown id.
  'responses.history.get': {
    rule: 'signedIn',
    input: async (f) => ({ responseId: (await linkedSurvey(f)).responseId }),
    foreign: {
      id: async (f) => (await linkedSurvey(f, f.other)).responseId,
      input: (responseId) => ({ responseId }),
    },
  },
  'responses.get': { rule: 'public', input: async (f) => ({ randomUUID: (await linkedSurvey(f)).randomUUID }) },
  'responses.save': {
    rule: 'public',
    input: async (f) => ({
      randomUUID: (await linkedSurvey(f)).randomUUID,
      answers: [],
      revision: 0,
      saveId: 'save-0001',
    }),
  },
  'responses.startPage': { rule: 'public', input: async (f) => ({ surveyId: (await linkedSurvey(f)).surveyId }) },
  'responses.start': { rule: 'public', input: async (f) => ({ surveyId: (await linkedSurvey(f)).surveyId }) },
  'responses.respondentAddedByRespondent': {
    rule: 'public',
    input: async (f) => {
      const { surveyId, randomUUID } = await linkedSurvey(f);
      return { surveyId, randomUUID, name: 'Grace Hopper', email: 'grace@example.com' };
    },
  },
  'responses.suppListItemAddedByRespondent': {
    rule: 'public',
    input: async (f) => {
      const { surveyId, randomUUID, teams } = await linkedSurvey(f);
      return { surveyId, randomUUID, name: 'West', listId: teams };
    },
  },
  'nodes.getMatchingNodes': {
    rule: 'public',
    input: async (f) => {
      const { randomUUID, people } = await linkedSurvey(f);
      return { listId: people, randomUUID, name: 'ad' };
    },
  },
  'lists.getNecessaryByRandomUUID': {
    rule: 'public',
    input: async (f) => ({ id: (await linkedSurvey(f)).randomUUID }),
  },
  'lists.getNecessary': {
    rule: 'signedIn',
    input: async (f) => ({ surveyId: (await surveyWithList(f, f.me.userId)).surveyId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).surveyId,
      input: (surveyId) => ({ surveyId }),
      answer: SURVEY_HIDDEN,
    },
  },
  'surveys.list': { rule: 'signedIn', input: () => ({}) },
  'surveys.create': { rule: 'signedIn', input: () => ({ name: 'Pulse' }) },
  'surveys.get': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'surveys.update': onSurvey(({ surveyId }) => ({ id: surveyId, survey: { version: 1, name: 'Renamed' } })),
  'surveys.duplicate': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'surveys.delete': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'surveys.questions.update': onSurvey((ids) => ({ ...ids, version: 1, question: { isRequired: true } })),
  'surveys.questions.insert': onSurvey(({ surveyId }) => ({ surveyId, version: 1, index: 0, type: 'pageBreak' })),
  'surveys.questions.duplicate': onSurvey((ids) => ({ ...ids, version: 1 })),
  'surveys.questions.delete': onSurvey((ids) => ({ ...ids, version: 1 })),
  'emails.send': onSurveyVerified(({ surveyId }) => ({
    surveyId,
    subject: 'S',
    body: '<p>B</p>',
    plainHTML: false,
    statuses: { 'Not Sent': true },
  })),
  'emails.test': onSurveyVerified(({ surveyId }) => ({
    surveyId,
    subject: 'S',
    body: '<p>B</p>',
    to: 'tester@example.com',
  })),
  'emails.sends': onSurvey(({ surveyId }) => ({ surveyId })),
  'surveys.questions.reorder': onSurvey(({ surveyId, questionId }) => ({ surveyId, version: 1, order: [questionId] })),
  'surveys.webhooks.log': onSurvey(({ surveyId }) => ({ surveyId })),
  'surveys.webhooks.secret': onSurvey(({ surveyId }) => ({ surveyId })),
  'surveys.webhooks.rotateSecret': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.paged': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.search': onSurvey(({ surveyId }) => ({ surveyId, searchText: 'a' })),
  'responses.dashboard.counts': onSurvey(({ surveyId }) => ({ id: surveyId })),
  'responses.dashboard.timeline': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.clearAll': onSurvey(({ surveyId }) => ({ surveyId })),
  'responses.dashboard.updateStatus': onResponse((responseId) => ({ responseId, status: 'Starred' })),
  'responses.dashboard.updateAddress': onResponse((responseId) => ({ responseId, email: 'moved@example.com' })),
  'networks.list': { rule: 'signedIn', input: () => ({}) },
  'networks.get': onNetwork((id) => ({ id })),
  'networks.data': onNetwork((id) => ({ id })),
  'networks.update': onNetwork((id) => ({ id, version: 1, name: 'Renamed' })),
  'networks.duplicate': onNetwork((id) => ({ id })),
  'networks.delete': onNetwork((id) => ({ id })),
  'networks.deleteSelected': onNetwork((id) => ({ ids: [id] })),
  'networks.combine': onNetwork((id) => ({ ids: [id, randomUUID()], name: 'Both', directed: true })),
  'networks.metrics': onNetwork((id) => ({ id })),
  'networks.change.compare': onNetwork((id) => ({ baseNetworkId: id, otherNetworkId: id })),
  'networks.change.stability': onNetwork((id) => ({ id })),
  'networks.survey.create': onSurvey(({ surveyId }) => ({ surveyId })),
  'networks.survey.refresh': onNetwork((id) => ({ id })),
  'networks.users.list': onNetwork((id) => ({ id })),
  'networks.users.add': onNetwork((id) => ({ id, email: 'someone@example.com', permission: 'View' })),
  'networks.users.edit': onNetwork((id) => ({ id, userId: randomUUID(), permission: 'Edit' })),
  'networks.users.remove': onNetwork((id) => ({ id, userId: randomUUID() })),
  'networks.views.list': onNetwork((id) => ({ id })),
  'networks.views.create': onNetwork((id) => ({ id, name: 'View', state: { v: 1 } })),
  'networks.views.update': onNetwork((id) => ({ id, viewId: randomUUID(), version: 1, name: 'Renamed' })),
  'networks.views.delete': onNetwork((id) => ({ id, viewId: randomUUID() })),
  'series.list': { rule: 'signedIn' },
  'series.get': onSeries((id) => ({ id })),
  'series.delete': onSeries((id) => ({ id })),
  'series.create': {
    rule: 'signedIn',
    input: async (f) => ({ name: 'Waves', snapshots: [{ networkId: await networkOf(f, f.me), label: 'One' }] }),
    foreign: {
      id: (f) => networkOf(f, f.other),
      input: (networkId) => ({ name: 'Waves', snapshots: [{ networkId, label: 'One' }] }),
      answer: { status: 404, message: NETWORK_MSG.notFound },
    },
  },
  'discover.list': { rule: 'signedIn', input: () => ({ search: 'karate' }) },
  'discover.describe': onDiscover((id) => ({ id })),
  'discover.duplicate': onDiscover((id) => ({ id })),
  'discover.publication': onNetwork((id) => ({ id })),
  'discover.publish': onNetwork((id) => ({ id, public: true, description: 'Ours', tags: ['Teams'] })),
  'apiKeys.list': { rule: 'signedIn' },
  'apiKeys.create': { rule: 'signedIn', input: () => ({ name: 'Script' }) },
  'apiKeys.revoke': {
    rule: 'signedIn',
    input: async (f) => ({ id: (await apiKeyOf(f, f.me)).id }),
    foreign: {
      id: async (f) => (await apiKeyOf(f, f.other)).id,
      input: (id) => ({ id }),
      answer: { status: 404, message: API_KEY_MSG.notFound },
    },
  },
  'lists.all': {
    rule: 'signedIn',
    input: async (f) => ({ surveyId: (await surveyWithList(f, f.me.userId)).surveyId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).surveyId,
      input: (surveyId) => ({ surveyId }),
      answer: { status: 404, message: MSG.surveyNotFound },
    },
  },
  'lists.respondentCredits': {
    rule: 'signedIn',
    input: async (f) => ({ surveyId: (await surveyWithList(f, f.me.userId)).surveyId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).surveyId,
      input: (surveyId) => ({ surveyId }),
      answer: { status: 404, message: MSG.surveyNotFound },
    },
  },
  'lists.update': {
    rule: 'signedIn',
    input: async (f) => ({ listId: (await surveyWithList(f, f.me.userId)).listId, title: 'Renamed' }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).listId,
      input: (listId) => ({ listId, title: 'Renamed' }),
      answer: listHidden,
    },
  },
  'lists.delete': {
    rule: 'signedIn',
    input: async (f) => ({ id: (await surveyWithList(f, f.me.userId)).listId }),
    foreign: {
      id: async (f) => (await surveyWithList(f, f.other.userId)).listId,
      input: (id) => ({ id }),
      answer: listHidden,
    },
  },
  ...ORGANIZATION_PROCEDURES,
  // Asks the test's fake Slack, which refuses this token (400): admitted, and no sync is queued.
  'passiveData.slack.connect': { rule: 'passiveManager', input: () => ({ name: 'Slack', token: 'xoxb-1-2-abc' }) },
  // Asks the test's fake Microsoft, which refuses this secret (400): admitted, and no sync is queued.
  'passiveData.office365.connect': {
    rule: 'passiveManager',
    input: () => ({ ...office365Body(), clientSecret: 'wrong-secret' }),
  },
  // Meltwater is off by default: seedFor gives the row's caller the module (router-access-modules.test.ts gates it).
  'meltwater.create': {
    rule: 'signedIn',
    input: () => ({ name: 'Media', jsonData: [{ author: { handle: 'ann' }, mentions: ['ben'] }] }),
  },
  ...PASSIVE_SETTINGS_PROCEDURES,
  ...PASSIVE_QUERY_PROCEDURES,
  ...AONA_PROCEDURES,
};
