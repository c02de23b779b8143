import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MSG,
  BILLING_MSG,
  LIST_MSG,
  MODULES,
  MSG,
  ZAdjustCreditsInput,
  ZAdminSearchInput,
  ZAuditListInput,
  ZCreditsForm,
  ZRequestCreditsInput,
  ZRespondentCredits,
  ZSetLoginDisabledInput,
  ZSetModulesInput,
  ZSetPlanInput,
  ZSupportListInput,
} from '../src/index';

const id = randomUUID();
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('super admin inputs', () => {
  it('defaults a search to the first page of 20 and caps its length and page size', () => {
    expect(ZAdminSearchInput.parse({})).toEqual({ search: '', page: 1, perPage: 20 });
    expect(firstMessage(ZAdminSearchInput.safeParse({ search: 'x'.repeat(201) }))).toBe(ADMIN_MSG.searchTooLong);
    for (const bad of [{ page: 0 }, { perPage: 101 }, { page: '2' }, { perPage: 1.5 }]) {
      expect(ZAdminSearchInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes a credit change as a whole, non-zero number within a million, with a reason', () => {
    expect(ZAdjustCreditsInput.parse({ id, credits: -20, note: '  Refund  ' })).toEqual({
      id,
      credits: -20,
      note: 'Refund',
    });
    for (const credits of [0, 0.5, 1_000_001, -1_000_001, '10', null, Number.NaN]) {
      expect(firstMessage(ZAdjustCreditsInput.safeParse({ id, credits, note: 'x' })), String(credits)).toBe(
        ADMIN_MSG.creditsInvalid,
      );
    }
    expect(firstMessage(ZAdjustCreditsInput.safeParse({ id, credits: 5, note: ' ' }))).toBe(ADMIN_MSG.noteRequired);
    expect(firstMessage(ZAdjustCreditsInput.safeParse({ id, credits: 5, note: 'x'.repeat(501) }))).toBe(
      ADMIN_MSG.noteTooLong,
    );
  });

  it('takes strict flags, known plans and every module', () => {
    expect(ZSetLoginDisabledInput.safeParse({ id, disabled: true }).success).toBe(true);
    expect(firstMessage(ZSetLoginDisabledInput.safeParse({ id, disabled: 'true' }))).toBe(MSG.notTrueOrFalse);
    expect(ZSetPlanInput.safeParse({ id, plan: 'basic' }).success).toBe(true);
    expect(ZSetPlanInput.safeParse({ id, plan: 'basic_50_public_networks' }).success).toBe(false);
    const modules = Object.fromEntries(MODULES.map((m) => [m, { enabled: m === 'networks' }]));
    expect(ZSetModulesInput.safeParse({ id, modules }).success).toBe(true);
    const { discover: _, ...missing } = modules;
    expect(ZSetModulesInput.safeParse({ id, modules: missing }).success).toBe(false);
  });

  it('filters the audit log by a known target type only', () => {
    expect(ZAuditListInput.parse({ targetType: 'organization' })).toMatchObject({
      targetType: 'organization',
      page: 1,
    });
    expect(ZAuditListInput.safeParse({ targetType: 'survey' }).success).toBe(false);
    expect(ZSupportListInput.parse({})).toEqual({ page: 1, perPage: 20 });
  });
});

describe('credit requests', () => {
  it('takes a whole number of credits from 1 to 100,000', () => {
    expect(ZRequestCreditsInput.parse({ id, credits: 100_000 })).toEqual({ id, credits: 100_000 });
    expect(ZCreditsForm.parse({ credits: 1 })).toEqual({ credits: 1 });
    for (const credits of [0, -1, 2.5, 100_001, '5', undefined]) {
      expect(firstMessage(ZRequestCreditsInput.safeParse({ id, credits })), String(credits)).toBe(
        BILLING_MSG.creditsInvalid,
      );
    }
    expect(ZRequestCreditsInput.safeParse({ id: 'acme', credits: 5 }).success).toBe(false);
  });
});

describe('respondent credit messages', () => {
  it('names both numbers, in words that fit one or many, and how the account gets more', () => {
    expect(BILLING_MSG.notEnoughCredits(1, 0, true)).toBe(
      'Not enough respondent credits: this list adds 1 new respondent (one credit each) and 0 credits are left. ' +
        'An owner of your organization can ask for more with Request credits under Billing.',
    );
    expect(BILLING_MSG.notEnoughCredits(50_000, 1, false)).toBe(
      'Not enough respondent credits: this list adds 50,000 new respondents (one credit each) and 1 credit is left. ' +
        'Please ask for more with Help > Request Support.',
    );
  });

  it("says the credits a respondent list upload used in spec §8's words, and nothing when none", () => {
    expect(LIST_MSG.respondentListUpdated(12)).toBe('Respondent List updated and 12 respondent credits used');
    expect(LIST_MSG.respondentListUpdated(0)).toBe('Respondent List updated');
  });

  it('reads the balance a Lists tab shows', () => {
    expect(ZRespondentCredits.parse({ credits: 5, organization: null })).toEqual({ credits: 5, organization: null });
    expect(ZRespondentCredits.safeParse({ credits: '5', organization: null }).success).toBe(false);
  });
});
