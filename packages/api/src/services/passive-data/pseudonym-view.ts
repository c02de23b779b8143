import type { PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';
import { pseudonym } from '../../connectors/store/context';
import { personKeys } from './settings-people';

// How a person is shown once the account is pseudonymized, whether or not their row is converted yet:
// the conversion (jobs/definitions/passive-pseudonymize.ts) rewrites rows after the networks, and a
// sync that started before the switch may still store a plain row; neither may show a name meanwhile.

export interface ShownPerson {
  /** The key the person is (or will be) stored under: their HMAC key under pseudonymization. */
  key: string;
  name: string;
  email: string | null;
}

/**
 * The key, name and email to show of a stored person: as stored while names are kept; under
 * pseudonymization their HMAC key (the one the conversion will store), its pseudonym and no email.
 */
export function personShown(
  account: PassiveAccount,
  secrets: SecretBox,
): (row: { key: string; name: string; email: string | null }) => ShownPerson {
  if (!account.pseudonymize) return (r) => ({ key: r.key, name: r.name, email: r.email });
  const keyOf = personKeys({ ...account, pseudonymize: true }, secrets);
  return (r) => {
    if (r.key.startsWith('h:')) return { key: r.key, name: r.name, email: null };
    const key = keyOf(r.key);
    return { key, name: pseudonym(key), email: null };
  };
}

/**
 * Values held by fewer than `minimum` of `values` become "Other" (nulls stay null), so a rare title or
 * department cannot point at its one holder.
 */
export function foldRare<T extends string | null>(values: readonly T[], minimum: number): (T | 'Other')[] {
  const held = new Map<string, number>();
  for (const v of values) if (v !== null) held.set(v, (held.get(v) ?? 0) + 1);
  return values.map((v) => (v !== null && held.get(v)! < minimum ? 'Other' : v));
}
