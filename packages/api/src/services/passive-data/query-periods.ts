import { SERIES_LIMITS, type TQueryInput } from '@tieline/validation';
import type { PassiveAccount } from '../../access/passive-data';
import { type PeriodCut, windowOf } from './query-network';

// The periods of a series run (snapshotInterval week or month): the query's window cut at UTC day
// boundaries, then into ISO weeks (Monday to Sunday) or calendar months, UTC. The first and last periods
// may be partial; their from/to (dates, both inclusive) say so. Labels: `2026-W05` (the ISO week-year,
// zero-padded week) or `2026-11`. At most SERIES_LIMITS.snapshotsMax periods, the latest ones.

const DAY = 86_400_000;

export interface Period {
  /** The period's whole first day (a Monday, the 1st), YYYY-MM-DD: the key the grouped statement answers. */
  key: string;
  label: string;
  /** The days it covers within the window, both inclusive. */
  from: string;
  to: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (t: number) => Math.floor(t / DAY) * DAY;

/** The ISO week-year and week of a Monday (the week holding that week's Thursday). */
export function isoWeekLabel(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The first instant of the week (Monday) or month holding `t`. */
function periodStart(interval: PeriodCut['interval'], t: number): Date {
  const d = new Date(startOfDay(t));
  if (interval === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
}

function nextStart(interval: PeriodCut['interval'], start: Date): Date {
  if (interval === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + 7 * DAY);
}

/**
 * The run's cut and its periods, oldest first. The window starts on the day it starts (a retention
 * bound mid-day moves to the next day, so nothing before the retention is read) and ends with the
 * query's `to` day, or today (UTC) when it names none.
 */
export function periodsOf(
  query: TQueryInput,
  interval: PeriodCut['interval'],
  account: Pick<PassiveAccount, 'retentionDays'>,
  now: Date,
): { cut: PeriodCut; periods: Period[] } {
  const window = windowOf(query, account, now);
  const kept = now.getTime() - account.retentionDays * DAY;
  const first = window.from.getTime();
  let from = startOfDay(first);
  if (first <= kept && from < kept) from += DAY;
  const to = window.to ? window.to.getTime() : startOfDay(now.getTime()) + DAY;
  const periods: Period[] = [];
  for (let start = periodStart(interval, from); start.getTime() < to; start = nextStart(interval, start)) {
    const end = nextStart(interval, start);
    periods.push({
      key: day(start),
      label: interval === 'week' ? isoWeekLabel(start) : day(start).slice(0, 7),
      from: day(new Date(Math.max(start.getTime(), from))),
      to: day(new Date(Math.min(end.getTime(), to) - DAY)),
    });
  }
  const kept104 = periods.slice(-SERIES_LIMITS.snapshotsMax);
  const cutFrom = kept104.length > 0 ? Date.parse(`${kept104[0]!.from}T00:00:00Z`) : from;
  return { cut: { interval, from: new Date(cutFrom), to: new Date(Math.max(to, cutFrom)) }, periods: kept104 };
}
