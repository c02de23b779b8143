// Zod-free survey rules (spec surveys.md §4, §5): the advanced options, completion and domain rules
// the builder checks in the browser and the server checks on the survey it is about to save.
import { SURVEY_MSG } from './surveys-messages';

/** What the builder may set (spec §4); Archived, Template and OldTemplate are set elsewhere. */
export const BUILDER_STATUSES = ['Offline', 'Collecting', 'Completed'] as const;

/** Sizes of survey fields; rich text stays well inside the server's 100 kB request body. */
export const SURVEY_LIMITS = {
  nameMax: 200,
  richTextMax: 50_000,
  urlMax: 2_000,
  lineMax: 500,
  domainsMax: 100,
  respondentLimitMax: 1_000_000,
} as const;

/** The survey image (spec §2 details): these types, judged by the file's bytes on the server. */
export const SURVEY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const SURVEY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Redirect and webhook URLs: empty (off), or an absolute http(s) URL. */
export function httpUrlProblem(url: string): string | null {
  if (url === '') return null;
  if (url.length > SURVEY_LIMITS.urlMax) return SURVEY_MSG.urlTooLong;
  if (!/^https?:\/\/[^\s/?#]/i.test(url) || /\s/.test(url)) return SURVEY_MSG.urlInvalid;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : SURVEY_MSG.urlInvalid;
  } catch {
    return SURVEY_MSG.urlInvalid;
  }
}

/** A permitted domain as typed ('@Example.com ') in the form it is kept ('example.com'). */
export function normalizeDomain(domain: string): string {
  return domain.trim().replace(/^@/, '').toLowerCase();
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
export function domainProblem(domain: string): string | null {
  return DOMAIN.test(normalizeDomain(domain)) ? null : SURVEY_MSG.domainInvalid;
}

/** Identifying information is compared with a respondent list column heading, kept lowercase. */
export function normalizeIdentifyingInformation(value: string): string {
  return value.trim().toLowerCase();
}

export function respondentLimitProblem(limit: number | null): string | null {
  if (limit === null) return null;
  if (!Number.isInteger(limit) || limit <= 0) return SURVEY_MSG.respondentLimitPositive;
  return limit > SURVEY_LIMITS.respondentLimitMax ? SURVEY_MSG.respondentLimitTooLarge : null;
}

export interface TSurveySettingsProblem {
  field: 'identifyingInformation' | 'respondentLimit' | 'redirectTo' | 'webhookOnCompletion' | 'permittedDomains';
  message: string;
}

/** The advanced-option and completion rules that span fields, on the survey as it will be saved. */
export function surveySettingsProblem(s: {
  requireSignUp: boolean;
  identifyingInformation: string;
  respondentLimit: number | null;
  redirectTo: string;
  webhookOnCompletion: string;
  permittedDomains: readonly { name: string }[];
}): TSurveySettingsProblem | null {
  if (s.requireSignUp && s.identifyingInformation.trim() === '') {
    return { field: 'identifyingInformation', message: SURVEY_MSG.mustNotBeEmpty };
  }
  const limit = respondentLimitProblem(s.respondentLimit);
  if (limit) return { field: 'respondentLimit', message: limit };
  const redirect = httpUrlProblem(s.redirectTo);
  if (redirect) return { field: 'redirectTo', message: redirect };
  const webhook = httpUrlProblem(s.webhookOnCompletion);
  if (webhook) return { field: 'webhookOnCompletion', message: webhook };
  const names = s.permittedDomains.map((d) => normalizeDomain(d.name));
  const bad = s.permittedDomains.find((d) => domainProblem(d.name));
  if (bad) return { field: 'permittedDomains', message: SURVEY_MSG.domainInvalid };
  if (new Set(names).size !== names.length) return { field: 'permittedDomains', message: SURVEY_MSG.domainDuplicated };
  return null;
}
