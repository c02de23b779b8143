import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi';

describe('OpenAPI document', () => {
  it('matches the committed docs/openapi.json (regenerate: pnpm --filter @tieline/api openapi)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('documents every spec path this issue bridges', () => {
    const paths = Object.keys(openApiDocument().paths ?? {});
    expect(paths.sort()).toEqual(
      [
        '/apiKeys',
        '/apiKeys/{id}',
        '/getConfig',
        '/lists/all/{surveyId}',
        '/lists/{id}',
        '/lists/{listId}',
        '/lists/getNecessary/{surveyId}',
        '/lists/getNecessaryByRandomUUID/{id}',
        '/lists/getNecessaryByTestEmailId/{id}',
        '/networks',
        '/networks/{id}',
        '/networks/{id}/data',
        '/networks/{id}/duplicate',
        '/networks/deleteSelected',
        '/networks/combine',
        '/networks/fromSurvey/{surveyId}',
        '/networks/{id}/refresh',
        '/networks/{id}/users',
        '/networks/{id}/users/{userId}',
        '/networks/{id}/views',
        '/networks/{id}/views/{viewId}',
        '/nodes/getMatchingNodes',
        '/organizations/{id}/requestCredits',
        '/organizations/metrics/{id}',
        '/responses/{randomUUID}',
        '/responses/paged/{surveyId}',
        '/responses/search/{surveyId}',
        '/responses/timeline/{surveyId}',
        '/responses/status/{responseId}',
        '/responses/address/{responseId}',
        '/responses/clearAll/{surveyId}',
        '/surveys/responseCounts/{id}',
        '/responses/start/{surveyId}',
        '/responses/history/{responseId}',
        '/responses/respondentAddedByRespondent/{surveyId}',
        '/responses/suppListItemAddedByRespondent/{surveyId}',
        '/supportRequest',
        '/surveys',
        '/surveys/byRandomUUID/{id}',
        '/surveys/byTestEmailId/{id}',
        '/surveys/{id}',
        '/surveys/{id}/duplicate',
        '/surveys/emailRespondents/{surveyId}',
        '/surveys/emailSends/{surveyId}',
        '/surveys/testEmail/{surveyId}',
        '/surveys/{surveyId}/questions',
        '/surveys/{surveyId}/questions/order',
        '/surveys/{surveyId}/questions/{questionId}',
        '/surveys/{surveyId}/questions/{questionId}/duplicate',
        '/surveys/webhookDeliveries/{surveyId}',
        '/surveys/webhookSecret/{surveyId}',
        '/surveys/webhookSecret/{surveyId}/rotate',
        '/tempUser/{id}',
        '/userLogins/check/email',
        '/userLogins/check/username',
        '/userLogins/forgotPassword',
        '/userLogins/heartbeat',
        '/userLogins/resendVerificationEmail',
        '/userLogins/resetPassword/{token}',
        '/userLogins/resetPasswordWithTwoFactorAuth/{resetToken}',
        '/userLogins/signin',
        '/userLogins/signout',
        '/userLogins/signup',
        '/userLogins/switchUser',
        '/userLogins/twoFactorSignIn',
        '/userLogins/verifyEmail/{token}',
        '/users/accounts',
        '/users/me',
      ].sort(),
    );
  });
});
