import { createHash } from 'node:crypto';
import { type Db, rowsOf, sql } from '@tieline/db';
import { attributeOf, nameKey, type TAttributeDef, type TAttributeValue, type TNetworkData } from '@tieline/graph';
import { INTERACTION_LAYERS, type TInteractionType, type TQueryInput } from '@tieline/validation';
import type { PassiveAccount } from '../../access/passive-data';
import type { SecretBox } from '../../auth/secrets';
import { foldRare, personShown } from './pseudonym-view';
import type { QueryTie } from './query-network';

// A query's network document from its kept ties (query-network.ts): the people of those ties become
// the nodes, named and described as docs/passive-data.md says. A series names its people once over all
// its snapshots, so one person keeps one name from week to week.

interface PersonRow {
  id: number;
  key: string;
  name: string;
  email: string | null;
  title: string | null;
  attributes: Record<string, string>;
}

/** A short stable id for telling apart people who share a name and have no email. */
export const shortId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 6).toUpperCase();

/**
 * Node names: the display name, then "Name (email)" where two people share a name, then the short id
 * where there is no email (always the case under pseudonymization); any clash left gets " (2)".
 */
export function nodeNames(people: readonly PersonRow[]): string[] {
  const base = people.map((p) => p.name.trim() || p.email || `Person ${shortId(p.key)}`);
  const count = new Map<string, number>();
  for (const n of base) count.set(nameKey(n), (count.get(nameKey(n)) ?? 0) + 1);
  const named = base.map((n, i) => {
    if (count.get(nameKey(n))! < 2) return n;
    const p = people[i]!;
    return `${n} (${p.email ?? shortId(p.key)})`;
  });
  const used = new Set<string>();
  return named.map((n) => {
    let name = n;
    for (let k = 2; used.has(nameKey(name)); k++) name = `${n} (${k})`;
    used.add(nameKey(name));
    return name;
  });
}

/**
 * Profile values are text: a category when at most 20 distinct values are each held twice on average,
 * the rule network uploads use (services/networks/formats/infer.ts), so the explorer colours by them.
 */
function categoryOrText(cells: readonly (string | null)[]): 'category' | 'text' {
  const filled = cells.filter((c) => c !== null);
  const distinct = new Set(filled).size;
  return filled.length > 0 && distinct <= 20 && filled.length >= 2 * distinct ? 'category' : 'text';
}

/**
 * Node attributes asked for (profile fields, and `title` from the title column). Under
 * pseudonymization a value fewer than the account's minimum group size of the network's people hold
 * shows as "Other", so a rare value (the one person in Legal) does not re-identify anyone.
 */
function nodeAttributes(people: readonly PersonRow[], keys: readonly string[], account: PassiveAccount) {
  const columns = keys.map((key) => {
    const cells = people.map((p) => {
      const v = key === 'title' ? (p.title ?? attributeOf(p.attributes, 'title')) : attributeOf(p.attributes, key);
      return v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim();
    });
    return account.pseudonymize ? foldRare(cells, account.minimumGroupSize) : cells;
  });
  const defs: TAttributeDef[] = keys.map((key, i) => ({ key, type: categoryOrText(columns[i]!) }));
  return { defs, columns };
}

/** The people of the ties (both ends). */
export function peopleIdsOf(ties: readonly QueryTie[]): Set<number> {
  const ids = new Set<number>();
  for (const t of ties) {
    ids.add(t.a);
    ids.add(t.b);
  }
  return ids;
}

/**
 * A person of a network with the name it shows (nodeNames over all the people named together) and its
 * place among them by name, so each snapshot of a series sorts its nodes without comparing names again.
 */
export type NamedPerson = PersonRow & { shownName: string; rank: number };

/** The people of `ids` by id, named together (a series names all its snapshots' people at once). */
export async function namedPeople(
  db: Db,
  secrets: SecretBox,
  account: PassiveAccount,
  ids: ReadonlySet<number>,
): Promise<Map<number, NamedPerson>> {
  // Under pseudonymization a person not converted yet is named as the conversion will name them.
  const shown = personShown(account, secrets);
  const people =
    ids.size === 0
      ? []
      : rowsOf<PersonRow>(
          await db.execute(sql`
            select p.id::float8 as id, p.key, p.name, p.email, p.title, p.attributes from passive_people p
            where p.account_id = ${account.id}::uuid and p.id = any(${`{${[...ids].join(',')}}`}::bigint[])`),
        ).map((p) => ({ ...p, ...shown(p), id: Number(p.id) }));
  const names = nodeNames(people);
  const keys = names.map(nameKey);
  const rank = new Array<number>(people.length);
  people
    .map((_, i) => i)
    .sort((x, y) => keys[x]!.localeCompare(keys[y]!))
    .forEach((i, at) => {
      rank[i] = at;
    });
  return new Map(people.map((p, i) => [p.id, { ...p, shownName: names[i]!, rank: rank[i]! }]));
}

/** The network document of the ties: nodes are the people in a kept tie (from `named`), sorted by name. */
export function tieDocument(
  named: ReadonlyMap<number, NamedPerson>,
  account: PassiveAccount,
  query: TQueryInput,
  ties: readonly QueryTie[],
): TNetworkData {
  const people = [...peopleIdsOf(ties)].map((id) => named.get(id)!);
  const order = people.map((_, i) => i).sort((x, y) => people[x]!.rank - people[y]!.rank);
  const { defs, columns } = nodeAttributes(people, query.attributes, account);
  const indexOf = new Map<number, number>();
  // Set key by key (a series makes its people's nodes in every snapshot); from pairs when a query
  // attribute is named `__proto__`, so it is a key like any other.
  const plain = !defs.some((d) => d.key === '__proto__');
  const nodes = order.map((i, at) => {
    indexOf.set(people[i]!.id, at);
    let attributes: Record<string, TAttributeValue> = {};
    if (plain) for (let k = 0; k < defs.length; k++) attributes[defs[k]!.key] = columns[k]![i]!;
    else attributes = Object.fromEntries(defs.map((d, k) => [d.key, columns[k]![i]!] as const));
    return { name: people[i]!.shownName, attributes };
  });
  const types = query.types as TInteractionType[];
  const layerOf = new Map(types.map((t, i) => [t, i]));
  const edges = ties
    .map((t) => ({
      source: indexOf.get(t.a)!,
      target: indexOf.get(t.b)!,
      layer: layerOf.get(t.type)!,
      weight: t.weight,
      attributes: {},
    }))
    .sort((x, y) => x.layer - y.layer || x.source - y.source || x.target - y.target);
  return {
    directed: query.direction === 'directed',
    layers: types.map((t) => INTERACTION_LAYERS[t]),
    nodeAttributes: defs,
    edgeAttributes: [],
    nodes,
    edges,
  };
}

/** The network document of a run's ties (a query without a snapshot interval). */
export async function networkOf(
  db: Db,
  secrets: SecretBox,
  account: PassiveAccount,
  query: TQueryInput,
  ties: readonly QueryTie[],
): Promise<TNetworkData> {
  return tieDocument(await namedPeople(db, secrets, account, peopleIdsOf(ties)), account, query, ties);
}
