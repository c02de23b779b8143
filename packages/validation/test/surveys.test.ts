import { describe, expect, it } from 'vitest';
import {
  domainProblem,
  httpUrlProblem,
  normalizeDomain,
  respondentLimitProblem,
  SURVEY_LIMITS,
  SURVEY_MSG,
  surveySettingsProblem,
  ZCreateSurveyInput,
  ZSurveyChanges,
  ZSurveyListInput,
  ZUpdateSurveyInput,
} from '../src/index';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const id = '00000000-0000-4000-8000-000000000000';

describe('ZCreateSurveyInput', () => {
  it('needs a name and takes the other fields optionally', () => {
    expect(ZCreateSurveyInput.parse({ name: '  Pulse  ' })).toEqual({ name: 'Pulse' });
    expect(ZCreateSurveyInput.parse({ name: 'Pulse', hasOpenLink: true })).toEqual({
      name: 'Pulse',
      hasOpenLink: true,
    });
  });
  it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ name: 42 }], [{ name: null }]])(
    '%j: Survey name cannot be blank',
    (input) => {
      expect(firstMessage(ZCreateSurveyInput.safeParse(input))).toBe('Survey name cannot be blank');
    },
  );
  it('refuses a name past 200 characters', () => {
    expect(firstMessage(ZCreateSurveyInput.safeParse({ name: 'x'.repeat(201) }))).toBe(SURVEY_MSG.nameTooLong);
  });
});

describe('ZUpdateSurveyInput', () => {
  it('needs the version the change is based on; force is optional and strictly boolean', () => {
    expect(ZUpdateSurveyInput.parse({ id, survey: { version: 3, name: 'A' } })).toEqual({
      id,
      survey: { version: 3, name: 'A' },
    });
    expect(firstMessage(ZUpdateSurveyInput.safeParse({ id, survey: { name: 'A' } }))).toBe('version is required');
    expect(ZUpdateSurveyInput.safeParse({ id, survey: { version: 0 } }).success).toBe(false);
    expect(ZUpdateSurveyInput.safeParse({ id, survey: { version: '3' } }).success).toBe(false);
    expect(firstMessage(ZUpdateSurveyInput.safeParse({ id, survey: { version: 1 }, force: 'no' }))).toBe(
      'Must be true or false',
    );
  });
  it('ignores fields it does not edit (questions, _id) so a whole survey can be sent back', () => {
    const parsed = ZUpdateSurveyInput.parse({ id, survey: { version: 1, _id: id, questions: [], name: 'A' } });
    expect(parsed.survey).toEqual({ version: 1, name: 'A' });
  });
});

describe('ZSurveyChanges', () => {
  it('normalizes identifying information to lowercase and domains to bare lowercase names', () => {
    expect(
      ZSurveyChanges.parse({
        identifyingInformation: ' Email ',
        permittedDomains: [{ name: '@Example.COM' }, { name: 'acme.co.uk' }],
      }),
    ).toEqual({ identifyingInformation: 'email', permittedDomains: [{ name: 'example.com' }, { name: 'acme.co.uk' }] });
  });
  it.each<[Record<string, unknown>, string]>([
    [{ redirectTo: 'javascript:alert(1)' }, SURVEY_MSG.urlInvalid],
    [{ redirectTo: 'ftp://example.com' }, SURVEY_MSG.urlInvalid],
    [{ webhookOnCompletion: 'example.com/hook' }, SURVEY_MSG.urlInvalid],
    [{ webhookOnCompletion: `https://example.com/${'x'.repeat(2000)}` }, SURVEY_MSG.urlTooLong],
    [{ respondentLimit: 0 }, 'Respondent limit must be greater than 0'],
    [{ respondentLimit: -3 }, SURVEY_MSG.respondentLimitPositive],
    [{ respondentLimit: 2.5 }, SURVEY_MSG.respondentLimitPositive],
    [{ respondentLimit: '10' }, SURVEY_MSG.respondentLimitPositive],
    [{ respondentLimit: 1_000_001 }, SURVEY_MSG.respondentLimitTooLarge],
    [{ permittedDomains: [{ name: 'not a domain' }] }, SURVEY_MSG.domainInvalid],
    [{ permittedDomains: [{ name: 'a.com' }, { name: 'A.com' }] }, SURVEY_MSG.domainDuplicated],
    [{ permittedDomains: Array.from({ length: 101 }, (_, i) => ({ name: `d${i}.com` })) }, SURVEY_MSG.tooManyDomains],
    [{ welcomeMessage: 'x'.repeat(SURVEY_LIMITS.richTextMax + 1) }, SURVEY_MSG.richTextTooLong],
    [{ status: 'Paused' }, SURVEY_MSG.statusNotSelectable],
    [{ hasOpenLink: 'true' }, 'Must be true or false'],
    [{ email: { subject: 'Hi', body: '<p>x</p>' } }, 'Must be true or false'],
    [{ imageUUID: 'not-an-id' }, 'Invalid id'],
  ])('%j: %s', (input, message) => {
    expect(firstMessage(ZSurveyChanges.safeParse(input))).toBe(message);
  });
  it('takes empty URLs (off), http(s) URLs, and no limit', () => {
    expect(
      ZSurveyChanges.safeParse({
        redirectTo: '',
        webhookOnCompletion: 'https://hooks.example.com/x?y=1',
        respondentLimit: null,
      }).success,
    ).toBe(true);
  });
});

describe('zod-free survey rules', () => {
  it.each([
    ['', null],
    ['https://example.com', null],
    ['HTTP://example.com/path?x=1#y', null],
    ['http://', SURVEY_MSG.urlInvalid],
    ['https://exa mple.com', SURVEY_MSG.urlInvalid],
    ['mailto:a@b.c', SURVEY_MSG.urlInvalid],
    ['//example.com', SURVEY_MSG.urlInvalid],
  ])('httpUrlProblem(%j) = %j', (url, problem) => {
    expect(httpUrlProblem(url)).toBe(problem);
  });

  it('domains', () => {
    expect(normalizeDomain(' @Acme.COM ')).toBe('acme.com');
    expect(domainProblem('sub.acme.com')).toBeNull();
    expect(domainProblem('acme')).toBe(SURVEY_MSG.domainInvalid);
    expect(domainProblem('-acme.com')).toBe(SURVEY_MSG.domainInvalid);
  });

  it('respondent limit: none, or a whole number above 0', () => {
    expect(respondentLimitProblem(null)).toBeNull();
    expect(respondentLimitProblem(5)).toBeNull();
    expect(respondentLimitProblem(0)).toBe(SURVEY_MSG.respondentLimitPositive);
  });

  const settings = {
    requireSignUp: false,
    identifyingInformation: '',
    respondentLimit: null,
    redirectTo: '',
    webhookOnCompletion: '',
    permittedDomains: [],
  };
  it('identifying information must not be empty when sign-up is required', () => {
    expect(surveySettingsProblem(settings)).toBeNull();
    expect(surveySettingsProblem({ ...settings, requireSignUp: true })).toEqual({
      field: 'identifyingInformation',
      message: 'Must not be empty',
    });
    expect(surveySettingsProblem({ ...settings, requireSignUp: true, identifyingInformation: 'email' })).toBeNull();
    expect(surveySettingsProblem({ ...settings, redirectTo: 'javascript:x' })?.field).toBe('redirectTo');
  });
});

describe('ZSurveyListInput', () => {
  it('defaults to the last modified first', () => {
    expect(ZSurveyListInput.parse({})).toEqual({ sortBy: 'updatedAt', sortDirection: 'desc' });
    expect(ZSurveyListInput.safeParse({ sortBy: 'owner' }).success).toBe(false);
  });
});
