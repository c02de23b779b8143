import type { TPassiveSource } from '@tieline/validation';
import { BarChart } from '../../components/bar-chart';
import { formatCount } from './passive-nav';

// Interactions per week per source, as stacked bars (the admin's one bar chart).

export type TWeekCount = { week: string; source: TPassiveSource; count: number };

const COLORS: Record<TPassiveSource, string> = {
  slack: 'var(--color-primary)',
  office365: 'var(--color-chart-2, #0ea5e9)',
};
const LABEL: Record<TPassiveSource, string> = { slack: 'Slack', office365: 'Microsoft 365' };

export function WeeklyChart({ weeks }: { weeks: TWeekCount[] }) {
  const byWeek = new Map<string, Partial<Record<TPassiveSource, number>>>();
  for (const w of weeks) byWeek.set(w.week, { ...byWeek.get(w.week), [w.source]: w.count });
  const rows = [...byWeek.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No interactions stored yet.</p>;
  const sources = [...new Set(weeks.map((w) => w.source))];
  const bars = rows.map(([week, counts]) => ({ label: week, values: sources.map((s) => counts[s] ?? 0) }));
  const totals = bars.map((b) => b.values.reduce((a, v) => a + v, 0));
  const total = totals.reduce((a, b) => a + b, 0);
  const years = [...new Set([rows[0]![0].slice(0, 4), rows.at(-1)![0].slice(0, 4)])].join('–');
  const summary = `${formatCount(total)} interactions over ${rows.length} week${rows.length === 1 ? '' : 's'} from ${rows[0]![0]} to ${rows.at(-1)![0]}; the busiest week had ${formatCount(Math.max(1, ...totals))}.`;
  return (
    <BarChart
      testId="weekly-chart"
      xLabel={`Week (ISO, ${years})`}
      tickLabel={(week) => week.slice(5)}
      series={sources.map((s) => LABEL[s])}
      colors={sources.map((s) => COLORS[s])}
      summary={summary}
      bars={bars}
    />
  );
}
