import { PLAN_KEYS, PLANS, type TPlan } from '@tieline/validation';

export const PLAN_NAMES: Record<TPlan, string> = { free: 'Free', basic: 'Basic', professional: 'Professional' };

/** The plan a stored networksSubscriptionType names (spec §9 keys), or null for a key of no plan. */
export function planOf(subscriptionType: string): TPlan | null {
  return PLANS.find((p) => PLAN_KEYS[p] === subscriptionType) ?? null;
}

export function planLabel(subscriptionType: string): string {
  const plan = planOf(subscriptionType);
  return plan ? PLAN_NAMES[plan] : subscriptionType;
}

export const PLAN_OPTIONS = PLANS.map((p) => ({ value: p, label: PLAN_NAMES[p] }));
