import { nameKey, type TAttributeDef, type TNetworkData } from '@tieline/graph';
import { pseudonym } from '../../connectors/store/context';
import { foldRare } from './pseudonym-view';
import { shortId } from './query-document';

// One network document as pseudonymization leaves it (the passive-pseudonymize job rewrites every
// kept version of the account's passive networks with it): node names become the pseudonyms query
// networks give the same people, excluded people go with their ties, attributes holding addresses go,
// and attribute values held by fewer than the minimum group size of the network's people show "Other".
// Pure, and idempotent: a document it wrote comes back unchanged.

/** A pseudonym as query networks name people, possibly told apart from another by " (...)". */
const PSEUDONYM_LABEL = /^(Person [A-Z2-9]{8})(?: \([^()]*\))?$/;
const EMAIL_SUFFIX = /^(.*) \(([^()\s]+@[^()\s]+)\)$/;
const SHORT_ID_SUFFIX = /^(.*) \(([0-9A-F]{6})\)$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const HOLDS_EMAIL = /[^\s@(]+@[^\s@)]+\.[^\s@)]+/;

export interface PlainPerson {
  /** The plain key (lower-cased email, or `<source>:<id>@<connection>`). */
  key: string;
  name: string;
  email: string | null;
}

export interface LabelRules {
  /** People stored under plain keys, as their names were shown in networks. */
  people: readonly PlainPerson[];
  /** The account's HMAC of a plain key (lower-cased first), as people are stored pseudonymized. */
  keyOf: (plain: string) => string;
  /** Whether an address is excluded by the settings. */
  excluded: (email: string) => boolean;
  /** The account's excluded addresses, for nodes already named by a pseudonym. */
  excludedAddresses: readonly string[];
}

/**
 * The new name of each node label, or null for an excluded person. A label is traced to its person as
 * query networks built it (query-network.ts nodeNames): the display name, "Name (email)", the email, or
 * "Person <short id>". A label that names no one the account still keeps, or a name several people
 * share, becomes a pseudonym of the label itself: stable across versions, never the name.
 */
export function labelResolver(rules: LabelRules): (label: string) => string | null {
  const byEmail = new Map<string, PlainPerson>();
  const byName = new Map<string, PlainPerson | null>();
  const byShortId = new Map<string, PlainPerson>();
  for (const p of rules.people) {
    if (p.email) byEmail.set(p.email.toLowerCase(), p);
    const name = nameKey(p.name);
    if (name) byName.set(name, byName.has(name) ? null : p);
    byShortId.set(shortId(p.key), p);
  }
  const excludedPseudonyms = new Set(rules.excludedAddresses.map((a) => pseudonym(rules.keyOf(a))));
  const personName = (p: PlainPerson) => (p.email && rules.excluded(p.email) ? null : pseudonym(rules.keyOf(p.key)));
  return (label) => {
    const text = label.trim();
    const already = PSEUDONYM_LABEL.exec(text);
    if (already) return excludedPseudonyms.has(already[1]!) ? null : text;
    const email = EMAIL_SUFFIX.exec(text)?.[2] ?? (EMAIL.test(text) ? text : null);
    if (email) {
      if (rules.excluded(email)) return null;
      const found = byEmail.get(email.toLowerCase());
      return found ? personName(found) : pseudonym(rules.keyOf(email));
    }
    const short = SHORT_ID_SUFFIX.exec(text)?.[2] ?? /^Person ([0-9A-F]{6})$/.exec(text)?.[1];
    const found = (short ? byShortId.get(short) : undefined) ?? byName.get(nameKey(text));
    return found ? personName(found) : pseudonym(rules.keyOf(`label:${text}`));
  };
}

/** Node names unique again (as nodeNames makes them): a clash left gets " (2)", " (3)". */
function unique(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let k = 2; used.has(nameKey(name)); k++) name = `${n} (${k})`;
    used.add(nameKey(name));
    return name;
  });
}

/** The document rewritten, or null when nothing in it changes. */
export function pseudonymizeDocument(
  data: TNetworkData,
  resolve: (label: string) => string | null,
  minimumGroupSize: number,
): TNetworkData | null {
  const renamed = data.nodes.map((n) => resolve(n.name));
  const kept: number[] = [];
  const indexOf = new Map<number, number>();
  renamed.forEach((name, i) => {
    if (name === null) return;
    indexOf.set(i, kept.length);
    kept.push(i);
  });
  const names = unique(kept.map((i) => renamed[i]!));
  const defs: TAttributeDef[] = [];
  const columns: (string | number | null)[][] = [];
  for (const def of data.nodeAttributes) {
    const cells = kept.map((i) => data.nodes[i]!.attributes[def.key] ?? null);
    if (cells.some((c) => typeof c === 'string' && HOLDS_EMAIL.test(c))) continue;
    const texts = cells.map((c) => (typeof c === 'string' ? c : null));
    const folded = foldRare(texts, minimumGroupSize);
    defs.push(def);
    columns.push(cells.map((c, k) => (typeof c === 'string' ? folded[k]! : c)));
  }
  const next: TNetworkData = {
    ...data,
    nodeAttributes: defs,
    nodes: kept.map((_, k) => ({
      name: names[k]!,
      attributes: Object.fromEntries(defs.map((d, a) => [d.key, columns[a]![k]!])),
    })),
    edges: data.edges
      .filter((e) => indexOf.has(e.source) && indexOf.has(e.target))
      .map((e) => ({ ...e, source: indexOf.get(e.source)!, target: indexOf.get(e.target)! })),
  };
  return JSON.stringify(next) === JSON.stringify(data) ? null : next;
}
