// The independent count of passive-demo.test.ts's weekly series: each week's ties recounted in plain
// JavaScript from the raw interaction rows (no SQL grouping, no period code of the server), by rules
// as docs/passive-data.md states them: directed ties per ordered pair and type, people outside the
// organization left out, direct messages to more than 25 people left out, and a pair kept in a week
// when its interactions of that week, all types together, number at least the minimum.

const DAY = 86_400_000;

/** ISO 8601 week label of an instant (the classic algorithm: the week's Thursday decides the year). */
export function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - weekday + 3);
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week =
    1 + Math.round(((d.getTime() - firstThursday.getTime()) / DAY - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7);
  return `${d.getUTCFullYear()}-W${week < 10 ? '0' : ''}${week}`;
}

export interface RawInteraction {
  at: Date;
  type: string;
  fromId: number;
  toId: number;
  recipients: number;
}

/** Per week label, the kept ties as sorted "type: from -> to count" lines. */
export function weeklyTies(
  rows: readonly RawInteraction[],
  people: ReadonlyMap<number, { name: string; external: boolean }>,
  rules: { types: string[]; minimum: number; maxRecipients: number; from: Date; to: Date },
): Map<string, string[]> {
  const weeks = new Map<string, Map<string, Map<string, number>>>();
  for (const r of rows) {
    if (r.at < rules.from || r.at >= rules.to || !rules.types.includes(r.type)) continue;
    if (r.type === 'directMessage' && r.recipients > rules.maxRecipients) continue;
    if (people.get(r.fromId)!.external || people.get(r.toId)!.external) continue;
    const week = isoWeek(r.at);
    const pairs = weeks.get(week) ?? new Map<string, Map<string, number>>();
    weeks.set(week, pairs);
    const pair = `${people.get(r.fromId)!.name} -> ${people.get(r.toId)!.name}`;
    const byType = pairs.get(pair) ?? new Map<string, number>();
    pairs.set(pair, byType);
    byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
  }
  const out = new Map<string, string[]>();
  for (const [week, pairs] of weeks) {
    const lines: string[] = [];
    for (const [pair, byType] of pairs) {
      const total = [...byType.values()].reduce((a, b) => a + b, 0);
      if (total >= rules.minimum) for (const [type, n] of byType) lines.push(`${type}: ${pair} ${n}`);
    }
    out.set(week, lines.sort());
  }
  return out;
}
