import {
  PASSIVE_LIMITS,
  REPORT_OTHER_GROUP,
  type TPassiveReport,
  type TReportCell,
  type TReportGroup,
} from '@tieline/validation';

// The minimum group rule of passive data (docs/passive-data.md "Group reports"): pure functions, no
// database. Groups of fewer people than the account's minimum are merged into "Other"; an "Other"
// still below it is left out with its people and their ties; two reports whose people differ by fewer
// than the minimum are not both answered (their difference would describe a group below it).

/**
 * The account's minimum group size: never below the floor the settings allow, whatever a row holds.
 * Everything that hides small groups (reports, pseudonymized attribute values) reads it here.
 */
export function minimumGroupSizeOf(account: { minimumGroupSize?: number | null }): number {
  const size = account.minimumGroupSize ?? PASSIVE_LIMITS.minimumGroupSizeDefault;
  return Math.max(PASSIVE_LIMITS.minimumGroupSizeMin, Math.trunc(size));
}

/** Where each raw group went: a group shown (its own name or "Other"), or null when hidden. */
export interface GroupPlan {
  /** Shown groups with their people, largest first, "Other" last. */
  shown: { name: string; people: number }[];
  target: Map<string, string | null>;
  hiddenPeople: number;
}

/**
 * Applies the rule to people counted per raw group (the attribute's values): groups below `minimum`
 * are merged into "Other" (a value that is itself "Other" joins it), and "Other" is left out when it
 * is still below `minimum`.
 */
export function planGroups(sizes: ReadonlyMap<string, number>, minimum: number): GroupPlan {
  const target = new Map<string, string | null>();
  const kept: { name: string; people: number }[] = [];
  let other = 0;
  const merged: string[] = [];
  for (const [name, people] of sizes) {
    if (people <= 0) continue;
    if (people >= minimum && name !== REPORT_OTHER_GROUP) {
      kept.push({ name, people });
      target.set(name, name);
    } else {
      other += people;
      merged.push(name);
    }
  }
  const otherShown = other >= minimum;
  for (const name of merged) target.set(name, otherShown ? REPORT_OTHER_GROUP : null);
  kept.sort((x, y) => y.people - x.people || x.name.localeCompare(y.name));
  if (otherShown) kept.push({ name: REPORT_OTHER_GROUP, people: other });
  return { shown: kept, target, hiddenPeople: otherShown ? 0 : other };
}

/** Ties and interactions between two raw groups (ordered when the query is directed). */
export interface RawCell {
  from: string;
  to: string;
  ties: number;
  interactions: number;
}

/** Krackhardt's E-I index over ties: (E - I) / (E + I), null when the group has no tie. */
export function eiIndex(external: number, internal: number): number | null {
  return external + internal === 0 ? null : (external - internal) / (external + internal);
}

/**
 * The report from the plan and the raw cells: cells summed into the shown groups (any cell touching a
 * hidden group is dropped), then each group's internal ties (both ends in it) and external ties (one
 * end in it, the other in another shown group). Undirected: one cell per pair of groups, `from` the
 * one listed first.
 */
export function reportOf(
  attribute: string,
  minimum: number,
  plan: GroupPlan,
  cells: readonly RawCell[],
  directed: boolean,
): TPassiveReport {
  const order = new Map(plan.shown.map((g, i) => [g.name, i]));
  const summed = new Map<string, TReportCell>();
  for (const c of cells) {
    let from = plan.target.get(c.from);
    let to = plan.target.get(c.to);
    if (!from || !to) continue;
    if (!directed && order.get(from)! > order.get(to)!) [from, to] = [to, from];
    const key = JSON.stringify([from, to]);
    const cell = summed.get(key) ?? { from, to, interactions: 0, ties: 0 };
    cell.interactions += c.interactions;
    cell.ties += c.ties;
    summed.set(key, cell);
  }
  const matrix = [...summed.values()].sort(
    (x, y) => order.get(x.from)! - order.get(y.from)! || order.get(x.to)! - order.get(y.to)!,
  );
  const internal = new Map<string, number>();
  const external = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  for (const c of matrix) {
    if (c.from === c.to) add(internal, c.from, c.ties);
    else {
      add(external, c.from, c.ties);
      add(external, c.to, c.ties);
    }
  }
  const groups: TReportGroup[] = plan.shown.map((g) => {
    const i = internal.get(g.name) ?? 0;
    const e = external.get(g.name) ?? 0;
    return { name: g.name, people: g.people, internal: i, external: e, ei: eiIndex(e, i) };
  });
  return { attribute, minimumGroupSize: minimum, groups, matrix, hiddenPeople: plan.hiddenPeople };
}

/** How many people are in exactly one of two sorted id lists. */
export function symmetricDifference(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else if (a[i]! < b[j]!) {
      i++;
      n++;
    } else {
      j++;
      n++;
    }
  }
  return n + (a.length - i) + (b.length - j);
}

/**
 * Whether a report of `people` (sorted ids) must be refused: an earlier report of the same signature
 * had people differing from it by 1 to minimum - 1 (the same people are fine: nothing new to subtract).
 */
export function differencingRefused(
  earlier: readonly (readonly number[])[],
  people: readonly number[],
  minimum: number,
): boolean {
  return earlier.some((before) => {
    // Sizes alone bound the difference from below: far-apart sets need no walk.
    if (Math.abs(before.length - people.length) >= minimum) return false;
    const d = symmetricDifference(before, people);
    return d > 0 && d < minimum;
  });
}
