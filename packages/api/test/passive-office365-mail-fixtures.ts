import type { FakeMsEvent, FakeMsMessage, FakeRecipient, FakeTenant } from './fake-microsoft';
import { U } from './passive-office365-ids';

// The tenant's Sent Items and calendars (passive-office365-setup.ts: Ann, Bob, Cat, Dan on contoso.com;
// Eve has no mailbox; Xia is outside, at fabrikam.com), with the edges worked out by hand below. Every
// subject and body carries MARKER: the tests prove it never reaches the database.

export const MARKER = 'QZX-MAIL-MARKER-4417';
const DAY = 86_400_000;

/** `days` ago at `hour` UTC (a negative `days` is in the future). */
export const daysAgo = (days: number, hour = 10) => {
  const d = new Date(Date.now() - days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

interface Who {
  id?: string;
  address: string;
  name: string;
}
/** The people of the fixtures (a function: U is not yet defined when this module loads). */
export const who = () =>
  ({
    ann: { id: U.ann, address: 'ann@contoso.com', name: 'Ann Archer' },
    bob: { id: U.bob, address: 'bob@contoso.com', name: 'Bob Baker' },
    cat: { id: U.cat, address: 'cat@contoso.com', name: 'Cat Cole' },
    dan: { id: U.dan, address: 'dan@contoso.com', name: 'Dan Dale' },
    eve: { id: U.eve, address: 'eve@contoso.com', name: 'Eve Evans' },
    xia: { address: 'xia@fabrikam.com', name: 'Xia Xu' },
    staff: { address: 'all-staff@contoso.com', name: 'All staff' },
  }) satisfies Record<string, Who>;

const rcpt = (w: Who): FakeRecipient => ({ emailAddress: { name: w.name, address: w.address } });

/** A sent message, its Graph id unique per mailbox copy, its internetMessageId `<key@contoso.com>`. */
export function sent(key: string, from: Who, days: number, to: Who[], cc: Who[] = [], bcc: Who[] = []): FakeMsMessage {
  return {
    id: `AAMk-${key}-${from.address}`,
    internetMessageId: `<${key}@contoso.com>`,
    conversationId: `AAQk-${key}`,
    sentDateTime: daysAgo(days).toISOString(),
    from: rcpt(from),
    toRecipients: to.map(rcpt),
    ccRecipients: cc.map(rcpt),
    bccRecipients: bcc.map(rcpt),
    subject: `${MARKER} subject of ${key}`,
    body: { contentType: 'html', content: `<p>${MARKER} body of ${key}</p>` },
  };
}

/**
 * Email, sender -> each to and cc recipient once per message; recipients = distinct to + cc + bcc.
 *   m1 Ann -> Bob, cc Cat                    Ann->Bob, Ann->Cat                 (2 recipients)
 *   m2 Ann -> Bob, Dan, bcc Cat              Ann->Bob, Ann->Dan (bcc: no tie)   (3)
 *   m3 Ann -> Xia, cc Bob                    Ann->Xia (external), Ann->Bob      (2)
 *   m4 Ann -> Bob, Cat, Dan, bcc Eve         Ann->Bob, Ann->Cat, Ann->Dan       (4)
 *   m5 Ann -> all-staff@ (a list, no person) nothing                            (1)
 *   old Ann -> Cat, 200 days ago             outside the 180-day window: never read
 *   m6 Bob -> Ann                            Bob->Ann                           (1)
 *   m7 Bob -> Dan, cc Bob (himself)          Bob->Dan                           (2)
 *   m8 Bob -> Dan, in Bob's AND Cat's Sent Items (Cat sent it as Bob): once   Bob->Dan (1)
 *   m9 Cat -> Ann, cc Ann again              Cat->Ann once                      (1)
 *   m10 Dan -> Bob, cc Xia                   Dan->Bob, Dan->Xia                 (2)
 */
export const EMAIL_EDGES = [
  'Ann Archer -> Bob Baker (4x, 4)',
  'Ann Archer -> Cat Cole (2x, 2)',
  'Ann Archer -> Dan Dale (2x, 2)',
  'Ann Archer -> Xia Xu',
  'Bob Baker -> Ann Archer',
  'Bob Baker -> Dan Dale (2x, 2)',
  'Cat Cole -> Ann Archer',
  'Dan Dale -> Bob Baker',
  'Dan Dale -> Xia Xu',
];
/** Rows stored: 15 (13 between people of the tenant, 2 to Xia). */
export const EMAIL_ROWS = 15;

function sentItems(): Record<string, FakeMsMessage[]> {
  const P = who();
  const m8 = sent('m8', P.bob, 5, [P.dan]);
  return {
    [U.ann]: [
      sent('m1', P.ann, 10, [P.bob], [P.cat]),
      sent('m2', P.ann, 9, [P.bob, P.dan], [], [P.cat]),
      sent('m3', P.ann, 8, [P.xia], [P.bob]),
      sent('m4', P.ann, 7, [P.bob, P.cat, P.dan], [], [P.eve]),
      sent('m5', P.ann, 7, [P.staff]),
      sent('old', P.ann, 200, [P.cat]),
    ],
    [U.bob]: [sent('m6', P.bob, 6, [P.ann]), sent('m7', P.bob, 6, [P.dan], [P.bob]), m8],
    [U.cat]: [{ ...m8, id: 'AAMk-m8-copy-in-cat' }, sent('m9', P.cat, 4, [P.ann], [P.ann])],
    [U.dan]: [sent('m10', P.dan, 3, [P.bob], [P.xia])],
  };
}

type Response = FakeMsEvent['attendees'][number]['status']['response'];

/**
 * A meeting as Graph stores it: the organizer's copy (with everyone's responses) in the organizer's
 * calendar, and each attendee's copy (their own response only) in theirs, but not for those who declined
 * (Outlook removes it); a room is a 'resource' attendee. Same iCalUId in every copy.
 */
function meeting(
  events: Record<string, FakeMsEvent[]>,
  key: string,
  organizer: Who,
  days: number,
  hours: number,
  attendees: [Who, Response][],
  more: { cancelled?: boolean; room?: boolean } = {},
) {
  const start = daysAgo(days, 9);
  const end = new Date(start.getTime() + hours * 3_600_000);
  const time = (d: Date) => ({
    dateTime: d.toISOString().replace('Z', '').replace('.000', '.0000000'),
    timeZone: 'UTC' as const,
  });
  const copy = (owner: string, own: Who | null): FakeMsEvent => ({
    id: `AAMkE-${key}-${owner}`,
    iCalUId: `040000008200E00074C5B7101A82E008${key}`,
    subject: `${MARKER} meeting ${key}`,
    body: { contentType: 'html', content: `<p>${MARKER} agenda of ${key}</p>` },
    start: time(start),
    end: time(end),
    isCancelled: !!more.cancelled,
    organizer: rcpt(organizer),
    attendees: [
      ...attendees.map(([who, response]) => ({
        ...rcpt(who),
        type: 'required' as const,
        status: { response: own === null || own === who ? response : ('none' as const) },
      })),
      ...(more.room
        ? [
            {
              ...rcpt({ address: 'room-1@contoso.com', name: 'Room 1' }),
              type: 'resource' as const,
              status: { response: 'accepted' as const },
            },
          ]
        : []),
    ],
  });
  const put = (owner: string, event: FakeMsEvent) => {
    events[owner] = [...(events[owner] ?? []), event];
  };
  if (organizer.id) put(organizer.id, copy(organizer.id, null));
  for (const [who, response] of attendees) if (who.id && response !== 'declined') put(who.id, copy(who.id, who));
}

/**
 * Meetings: every pair of the organizer and the attendees who did not decline, once per event
 * (stored lower address first), weight = hours; recipients = organizer + attendees (rooms apart).
 *   e1 Ann, 1 h: Bob accepted, Cat declined, Dan tentative, a room   Ann-Bob, Ann-Dan, Bob-Dan   (4)
 *   e2 Bob, 0.5 h: Dan accepted                                       Bob-Dan                     (2)
 *   e3 Bob, cancelled: Cat                                            nothing
 *   e4 Xia (outside; read from Ann's and Cat's copies), 2 h: Ann, Cat Ann-Cat, Ann-Xia, Cat-Xia   (3)
 *   e5 Cat, 1 h: Ann, Bob, Dan, Eve (no mailbox) accepted            10 pairs of the five        (5)
 *   old Ann -> Bob, 200 days ago; next Ann -> Bob tomorrow            outside the window
 */
export const MEETING_EDGES = [
  'Ann Archer -> Bob Baker (2x, 2)',
  'Ann Archer -> Cat Cole (2x, 3)',
  'Ann Archer -> Dan Dale (2x, 2)',
  'Ann Archer -> Eve Evans',
  'Ann Archer -> Xia Xu (1x, 2)',
  'Bob Baker -> Cat Cole',
  'Bob Baker -> Dan Dale (3x, 2.5)',
  'Bob Baker -> Eve Evans',
  'Cat Cole -> Dan Dale',
  'Cat Cole -> Eve Evans',
  'Cat Cole -> Xia Xu (1x, 2)',
  'Dan Dale -> Eve Evans',
];

function events(): Record<string, FakeMsEvent[]> {
  const P = who();
  const all: Record<string, FakeMsEvent[]> = {};
  meeting(
    all,
    'e1',
    P.ann,
    10,
    1,
    [
      [P.bob, 'accepted'],
      [P.cat, 'declined'],
      [P.dan, 'tentativelyAccepted'],
    ],
    { room: true },
  );
  meeting(all, 'e2', P.bob, 9, 0.5, [[P.dan, 'accepted']]);
  meeting(all, 'e3', P.bob, 8, 1, [[P.cat, 'accepted']], { cancelled: true });
  meeting(all, 'e4', P.xia, 7, 2, [
    [P.ann, 'accepted'],
    [P.cat, 'accepted'],
  ]);
  meeting(all, 'e5', P.cat, 6, 1, [
    [P.ann, 'accepted'],
    [P.bob, 'accepted'],
    [P.dan, 'accepted'],
    [P.eve, 'accepted'],
  ]);
  meeting(all, 'old', P.ann, 200, 1, [[P.bob, 'accepted']]);
  meeting(all, 'next', P.ann, -1, 1, [[P.bob, 'accepted']]);
  return all;
}

export { meeting };

export function mailData(): Partial<FakeTenant> {
  return { sentItems: sentItems(), events: events() };
}
