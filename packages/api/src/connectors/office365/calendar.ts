import type { Attendee, Event, Recipient } from '@microsoft/microsoft-graph-types';
import type { SourceMessage } from '../store/interactions';
import { replaceMessages } from '../store/interactions';
import { type Office365Sync, peopleOfAddresses, type ScopeUser, type SourceSync } from './context';
import { graphErrorOf } from './graph-client';
import { batchWriter, byAddress, eachMailbox, oncePerKey } from './writes';

// Calendar (office365Calendar): meetings over the window, read again at each sync.
// - `/users/{id}/calendarView` from the retention's start to now, a `$select` of the event's id,
//   times, cancellation, organizer and attendees (never subject or body), times in UTC.
// - An event: every pair of the organizer and the attendees who did not decline, one interaction per
//   unordered pair (type 'meeting', mutual: queries give both directions), weight its hours, keyed by
//   iCalUId (conversation 'calendar'; one per occurrence of a series) so an event in several calendars
//   counts once. `recipients` = the organizer and every attendee whatever their response (rooms and
//   equipment are not people), for the query's maximum. A cancelled event gives nothing and replaces
//   what was stored for it.
// - The organizer's copy is the one read (only it knows the attendees' responses); events whose organizer
//   is not a mailbox read here (outside the tenant, or not in scope) are read from the attendees' copies,
//   and a cancellation is taken from any copy (the organizer's is usually deleted).
// - Each page is stored as it comes; calendarView needs no cursor (the window is read again).

const SELECT = 'iCalUId,start,end,isCancelled,organizer,attendees';
export const CALENDAR_PAGE_SIZE = 250;
const CONVERSATION = 'calendar';
/**
 * Events of more people than this are not stored: their pairs grow as the square of their size (an
 * all-hands of 2,000 would be two million rows), and no collaboration query counts them.
 */
export const MEETING_PEOPLE_MAX = 200;
const HOUR = 3_600_000;

export type CalendarEvent = Pick<Event, 'id' | 'iCalUId' | 'start' | 'end' | 'isCancelled' | 'organizer' | 'attendees'>;

const addressOf = (r: Recipient | Attendee | null | undefined) =>
  r?.emailAddress?.address?.trim().toLowerCase() || null;
/** Graph's dateTime (with outlook.timezone UTC: no offset) as an instant. */
const instant = (t: Event['start']) => {
  if (!t?.dateTime) return null;
  const utc = /[zZ]|[+-]\d\d:\d\d$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`;
  const d = new Date(utc);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** An event's pairs by address (lower address first), or none when cancelled or too large. */
export function meetingOf(
  e: CalendarEvent,
): { message: SourceMessage; named: { address: string; name?: string }[] } | null {
  const start = instant(e.start);
  const end = instant(e.end);
  // Without an iCalUId (not seen from Exchange), the calendar's own id keys it.
  const key = e.iCalUId || (e.id ? `id:${e.id}` : null);
  if (!key || !start || !end) return null;
  const organizer = addressOf(e.organizer);
  const invited = new Set<string>();
  const present = new Map<string, string | undefined>();
  if (organizer) {
    invited.add(organizer);
    present.set(organizer, e.organizer?.emailAddress?.name ?? undefined);
  }
  for (const a of e.attendees ?? []) {
    const address = addressOf(a);
    if (!address || a.type === 'resource') continue;
    invited.add(address);
    if (a.status?.response !== 'declined' && !present.has(address))
      present.set(address, a.emailAddress?.name ?? undefined);
  }
  const people = [...present.keys()].sort();
  const pairs: SourceMessage['interactions'] = [];
  const hours = Math.max(0, end.getTime() - start.getTime()) / HOUR;
  if (!e.isCancelled && invited.size <= MEETING_PEOPLE_MAX)
    for (let i = 0; i < people.length; i++)
      for (let j = i + 1; j < people.length; j++)
        pairs.push({ type: 'meeting', from: people[i]!, to: people[j]!, weight: hours });
  return {
    message: {
      conversation: CONVERSATION,
      messageKey: key,
      at: start,
      recipients: invited.size,
      interactions: pairs,
    },
    named: pairs.length > 0 ? [...present].map(([address, name]) => ({ address, name })) : [],
  };
}

type Write = ReturnType<typeof batchWriter>;

async function readCalendar(s: Office365Sync, user: ScopeUser, readers: Set<string>, write: Write) {
  const now = new Date();
  const path = `/users/${user.id}/calendarView?startDateTime=${s.keptSince.toISOString()}&endDateTime=${now.toISOString()}&$select=${SELECT}`;
  const headers = { Prefer: `outlook.timezone="UTC", odata.maxpagesize=${CALENDAR_PAGE_SIZE}` };
  try {
    for await (const page of s.graph.pages<CalendarEvent>(path, headers)) {
      const found = page.value
        .filter((e) => {
          const organizer = addressOf(e.organizer);
          return e.isCancelled || organizer === user.email || !organizer || !readers.has(organizer);
        })
        .flatMap((e) => meetingOf(e) ?? [])
        // Began before the window (it overlaps it): its time would be purged at once.
        .filter((f) => f.message.at >= s.keptSince);
      if (found.length === 0) continue;
      const people = await peopleOfAddresses(s, byAddress(found.flatMap((f) => f.named)));
      const batch = oncePerKey(found.map((f) => f.message));
      await write(batch, () => replaceMessages(s.deps.db, s.ctx, people, batch));
    }
  } catch (error) {
    // No mailbox (no Exchange licence) or gone since the directory was read: no calendar to read.
    if (graphErrorOf(error)?.status === 404) return;
    throw error;
  }
}

export const syncCalendar: SourceSync = async (s) => {
  const calendars = s.scope.users.filter((u) => u.enabled && u.email);
  const readers = new Set(calendars.map((u) => u.email!));
  const write = batchWriter();
  let done = 0;
  await eachMailbox(
    calendars,
    (user) => readCalendar(s, user, readers, write),
    () => s.report(++done / calendars.length),
  );
};
