import type { FakeGraphRoute, FakeMicrosoft, FakeMsEvent, FakeMsMessage, GraphRequest } from './fake-microsoft';
import { graphError, pageOf } from './fake-microsoft';

// The fake's mail and calendar calls, from the v1.0 reference ("message: delta", "Get incremental
// changes to messages in a folder", "List calendarView", "Microsoft Graph throttling guidance"):
// - GET /users/{id}/mailFolders/SentItems/messages/delta: a round of pages (`@odata.nextLink` with a
//   $skiptoken) ending with `@odata.deltaLink` (a $deltatoken). A delta token is a position in the
//   mailbox: the next round answers only the messages added or changed since, and `@removed` entries
//   (id only) for those gone. $select and $filter (only `receivedDateTime ge|gt`, as Graph allows on
//   message delta) are given on the first call and carried by the tokens, as Graph encodes them. A
//   token issued before fake.expireDeltas() (or listed in fake.expiredDeltas) answers 410.
// - GET /users/{id}/mailFolders/SentItems/messages: the plain list (withoutDelta: the only one).
// - GET /users/{id}/calendarView?startDateTime=&endDateTime=: the events overlapping the window.
// Subject, body and bodyPreview are served with every message and event, selected or not (Graph
// serves them when selected; the tests prove the sync never keeps them). A user without a mailbox
// (no `mail`) answers 404 MailboxNotEnabledForRESTAPI.

interface Snapshot {
  user: string;
  select: string[] | null;
  since: { op: 'ge' | 'gt'; at: number } | null;
  /** Message id -> its content when last served (changed content is served again). */
  seen: Map<string, string>;
  generation: number;
}

interface Round extends Snapshot {
  items: unknown[];
}

interface MailState {
  rounds: Map<string, Round>;
  tokens: Map<string, Snapshot>;
  next: number;
  /** A server without message delta (the plain Sent Items list only): tests of the fallback. */
  noDelta: boolean;
}

const states = new WeakMap<FakeMicrosoft, MailState>();
const stateOf = (fake: FakeMicrosoft) => {
  let state = states.get(fake);
  if (!state) {
    state = { rounds: new Map(), tokens: new Map(), next: 1, noDelta: false };
    states.set(fake, state);
  }
  return state;
};

/** Makes the fake answer message delta as an unknown segment (400), as a server without it would. */
export function withoutDelta(fake: FakeMicrosoft, off = true) {
  stateOf(fake).noDelta = off;
}

const TEXT = new Set(['subject', 'body', 'bodyPreview']);

/** An item as Graph answers it: the selected properties and id, plus the text (always, see above). */
function view(item: Record<string, unknown>, select: string[] | null) {
  if (!select) return item;
  const names = new Set(['id', ...select]);
  return Object.fromEntries(Object.entries(item).filter(([k]) => names.has(k) || TEXT.has(k)));
}

function mailboxOf(fake: FakeMicrosoft, idOrName: string) {
  const user = fake.tenant.users.find((u) => u.id === idOrName || u.userPrincipalName === idOrName);
  return user?.mail ? user : null;
}

const noMailbox = () =>
  graphError(
    404,
    'MailboxNotEnabledForRESTAPI',
    'The mailbox is either inactive, soft-deleted, or is hosted on-premise.',
  );

const gone = () =>
  graphError(410, 'SyncStateNotFound', 'The sync state generation is not found; a full resync is required.');

const messageView = (m: FakeMsMessage) => ({
  '@odata.etag': `W/"${m.id}"`,
  ...m,
  receivedDateTime: m.sentDateTime,
  sender: m.from,
  bodyPreview: m.body.content.slice(0, 255),
});

/** The changes since `from` (a token's snapshot, or nothing for a first round), as one round. */
function newRound(fake: FakeMicrosoft, from: Omit<Snapshot, 'generation'>): Round {
  const inWindow = (fake.tenant.sentItems[from.user] ?? []).filter((m) => {
    if (!from.since) return true;
    const at = Date.parse(m.sentDateTime);
    return from.since.op === 'ge' ? at >= from.since.at : at > from.since.at;
  });
  const seen = new Map<string, string>();
  const items: unknown[] = [];
  for (const m of inWindow) {
    const content = JSON.stringify(m);
    seen.set(m.id, content);
    if (from.seen.get(m.id) !== content) items.push(view(messageView(m), from.select));
  }
  for (const id of from.seen.keys())
    if (!seen.has(id)) items.push({ '@odata.type': '#microsoft.graph.message', id, '@removed': { reason: 'deleted' } });
  return { ...from, seen, items, generation: fake.deltaGeneration };
}

function parseSince(filter: string | null): Snapshot['since'] | 'bad' {
  if (!filter) return null;
  const m = /^receivedDateTime (ge|gt) (\S+)$/i.exec(filter.trim());
  const at = m ? Date.parse(m[2]!) : Number.NaN;
  if (!m || Number.isNaN(at)) return 'bad';
  return { op: m[1]!.toLowerCase() as 'ge' | 'gt', at };
}

const sentItemsDelta: FakeGraphRoute = (req, fake) => {
  // mailFolders/SentItems or, in the links Graph gives, mailFolders('SentItems').
  const m = /^\/v1\.0\/users\/([^/]+)\/mailFolders(?:\/([^/]+)|\('([^']+)'\))\/messages\/delta$/i.exec(
    decodeURIComponent(req.path),
  );
  if (!m) return undefined;
  if ((m[2] ?? m[3])!.toLowerCase() !== 'sentitems')
    return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
  const state = stateOf(fake);
  if (state.noDelta) return graphError(400, 'BadRequest', "Resource not found for the segment 'delta'.");
  const user = mailboxOf(fake, m[1]!);
  if (!user) return noMailbox();
  const params = req.url.searchParams;
  const skip = params.get('$skiptoken');
  const delta = params.get('$deltatoken');
  let roundId: string;
  let offset = 0;
  if (skip) {
    const [id, at] = skip.split('.');
    const round = state.rounds.get(id!);
    if (!round || round.user !== user.id || round.generation < fake.deltaGeneration || fake.expiredDeltas.has(skip))
      return gone();
    roundId = id!;
    offset = Number(at);
  } else {
    let from: Omit<Snapshot, 'generation'>;
    if (delta) {
      const token = state.tokens.get(delta);
      if (!token || token.user !== user.id || token.generation < fake.deltaGeneration || fake.expiredDeltas.has(delta))
        return gone();
      from = token;
    } else {
      const since = parseSince(params.get('$filter'));
      if (since === 'bad')
        return graphError(400, 'ErrorInvalidUrlQueryFilter', 'The query filter contains one or more invalid nodes.');
      const select = params.get('$select');
      from = { user: user.id, select: select ? select.split(',').map((s) => s.trim()) : null, since, seen: new Map() };
    }
    roundId = `r${state.next++}`;
    state.rounds.set(roundId, newRound(fake, from));
  }
  const round = state.rounds.get(roundId)!;
  const prefer = /odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''))?.[1];
  const size = Math.min(Number(prefer ?? params.get('$top') ?? fake.pageSize) || fake.pageSize, fake.pageSize);
  const value = round.items.slice(offset, offset + size);
  const base = `${fake.url}/v1.0/users/${user.id}/mailFolders('SentItems')/messages/delta`;
  if (offset + size < round.items.length)
    return { status: 200, body: { value, '@odata.nextLink': `${base}?$skiptoken=${roundId}.${offset + size}` } };
  const token = `d${state.next++}`;
  state.tokens.set(token, {
    user: round.user,
    select: round.select,
    since: round.since,
    seen: round.seen,
    generation: fake.deltaGeneration,
  });
  state.rounds.delete(roundId);
  return { status: 200, body: { value, '@odata.deltaLink': `${base}?$deltatoken=${token}` } };
};

/** GET /users/{id}/mailFolders/SentItems/messages: the plain list ($select, `sentDateTime ge|gt` filter). */
const sentItems: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/users\/([^/]+)\/mailFolders\/SentItems\/messages$/i.exec(req.path);
  if (!m) return undefined;
  const user = mailboxOf(fake, m[1]!);
  if (!user) return noMailbox();
  const filter = req.url.searchParams.get('$filter');
  const since = parseSince(filter?.replace(/^\s*sentDateTime/i, 'receivedDateTime') ?? null);
  if (since === 'bad')
    return graphError(400, 'ErrorInvalidUrlQueryFilter', 'The query filter contains one or more invalid nodes.');
  const select = req.url.searchParams.get('$select')?.split(',') ?? null;
  const items = (fake.tenant.sentItems[user.id] ?? [])
    .filter(
      (x) =>
        !since || (since.op === 'ge' ? Date.parse(x.sentDateTime) >= since.at : Date.parse(x.sentDateTime) > since.at),
    )
    .map((x) => view(messageView(x), select));
  return pageOf(req, fake, items);
};

const eventView = (e: FakeMsEvent) => ({
  '@odata.etag': `W/"${e.id}"`,
  ...e,
  bodyPreview: e.body.content.slice(0, 255),
});

const calendarView: FakeGraphRoute = (req: GraphRequest, fake) => {
  const m = /^\/v1\.0\/users\/([^/]+)\/calendarView$/i.exec(req.path);
  if (!m) return undefined;
  const user = mailboxOf(fake, m[1]!);
  if (!user) return noMailbox();
  const params = req.url.searchParams;
  const start = Date.parse(params.get('startDateTime') ?? '');
  const end = Date.parse(params.get('endDateTime') ?? '');
  if (Number.isNaN(start) || Number.isNaN(end))
    return graphError(
      400,
      'ErrorInvalidParameter',
      'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
    );
  const utc = (t: { dateTime: string }) => Date.parse(/[zZ]$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`);
  const select = params.get('$select')?.split(',') ?? null;
  const events = (fake.tenant.events[user.id] ?? [])
    .filter((e) => utc(e.start) < end && utc(e.end) > start)
    .sort((a, b) => utc(a.start) - utc(b.start))
    .map((e) => view(eventView(e), select));
  return pageOf(req, fake, events);
};

export const mailRoutes: FakeGraphRoute[] = [sentItemsDelta, sentItems, calendarView];
