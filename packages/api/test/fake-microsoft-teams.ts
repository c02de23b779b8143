import type { FakeChat, FakeChatMessage, FakeGraphRoute, FakeMicrosoft, GraphRequest } from './fake-microsoft';
import { graphError, pageOf, selected } from './fake-microsoft';

// The fake's People and Teams calls, written from the Graph v1.0 reference (learn.microsoft.com):
// - "List people": GET /users/{id}/people, relevance-ranked, $select/$top, paged by @odata.nextLink;
//   a user without a mailbox answers 404.
// - "List teams": GET /teams; "List channels": GET /teams/{id}/channels.
// - "List channel messages": GET /teams/{id}/channels/{id}/messages, roots only, newest first by
//   lastModifiedDateTime, $top at most 50, $expand=replies (replies beyond a page given by
//   `replies@odata.nextLink`); "List replies": GET .../messages/{id}/replies. No $filter.
// - "List chats": GET /users/{id}/chats with $expand=members; "List members of a chat";
//   "List messages in a chat": GET /chats/{id}/messages, $top at most 50, $orderby lastModifiedDateTime
//   desc, $filter on lastModifiedDateTime (gt, lt) applied only with that $orderby.
// Bodies, subjects and chat topics are served as Graph serves them (the tests prove none is kept).
// Faults on demand (teamsFault): the Nth call matching a pattern fails, throttles or expires tokens.

export interface TeamsFault {
  /** Matched against the call's path and query. */
  match: RegExp;
  /** How many matching calls pass before the fault. */
  after: number;
  /** 'fail': one 500; 'expire': every token issued stops working; a number: that many 429s in a row. */
  action: 'fail' | 'expire' | number;
  /** Seconds of Retry-After for 429s. */
  seconds?: number;
}

const faults = new WeakMap<FakeMicrosoft, (TeamsFault & { seen: number })[]>();

/** Arms a fault for the next sync (cleared by clearTeamsFaults). */
export function teamsFault(fake: FakeMicrosoft, fault: TeamsFault) {
  faults.set(fake, [...(faults.get(fake) ?? []), { ...fault, seen: 0 }]);
}

export const clearTeamsFaults = (fake: FakeMicrosoft) => faults.delete(fake);

/** How many of the armed faults have happened. */
export const faultsFired = (fake: FakeMicrosoft) => (faults.get(fake) ?? []).filter((f) => f.seen > f.after).length;

const faultRoute: FakeGraphRoute = (req, fake) => {
  const call = `${req.path}${req.url.search}`;
  for (const f of faults.get(fake) ?? []) {
    if (!f.match.test(decodeURIComponent(call)) || f.seen++ !== f.after) continue;
    if (f.action === 'fail') return graphError(500, 'InternalServerError', 'Something went wrong.');
    if (f.action === 'expire') {
      fake.expireTokens();
      return graphError(401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.');
    }
    fake.throttle(f.action - 1, 429, f.seconds ?? 0);
    return {
      ...graphError(429, 'TooManyRequests', 'Too many requests'),
      headers: { 'retry-after': String(f.seconds ?? 0) },
    };
  }
  return undefined;
};

/** Graph refuses a $top past the call's maximum. */
const topTooLarge = (req: GraphRequest, max: number) =>
  Number(req.url.searchParams.get('$top') ?? 0) > max
    ? graphError(
        400,
        'BadRequest',
        `Invalid page size specified: '${req.url.searchParams.get('$top')}'. Must be between 1 and ${max} inclusive.`,
      )
    : undefined;

const byModifiedDesc = (a: FakeChatMessage, b: FakeChatMessage) =>
  Date.parse(b.lastModifiedDateTime) - Date.parse(a.lastModifiedDateTime);

/** A chatMessage as Graph answers it, body and subject included. */
const messageView = (m: FakeChatMessage, where: Record<string, unknown>) => ({
  id: m.id,
  replyToId: m.replyToId,
  etag: m.lastModifiedDateTime.replace(/\D/g, ''),
  messageType: m.messageType,
  createdDateTime: m.createdDateTime,
  lastModifiedDateTime: m.lastModifiedDateTime,
  lastEditedDateTime: null,
  deletedDateTime: m.deletedDateTime ?? null,
  subject: m.subject ?? null,
  summary: null,
  importance: 'normal',
  locale: 'en-us',
  webUrl: null,
  from: m.from,
  body: m.body,
  attachments: [],
  mentions: m.mentions,
  reactions: [],
  ...where,
});

const notFound = (what: string) => graphError(404, 'NotFound', `${what} not found.`);

const people: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/users\/([^/]+)\/people$/.exec(req.path);
  if (!m) return undefined;
  const user = fake.tenant.users.find((u) => u.id === m[1]);
  if (!user) return graphError(404, 'Request_ResourceNotFound', `Resource '${m[1]}' does not exist.`);
  if (!user.mail)
    return graphError(
      404,
      'MailboxNotEnabledForRESTAPI',
      'The mailbox is either inactive, soft-deleted, or is hosted on-premise.',
    );
  const ranked = (fake.tenant.people[user.id] ?? []).map((p) =>
    selected(req, { ...p, givenName: p.displayName.split(' ')[0], jobTitle: null, companyName: null }),
  );
  return pageOf(req, fake, ranked);
};

const teams: FakeGraphRoute = (req, fake) => {
  if (req.path !== '/v1.0/teams') return undefined;
  return pageOf(
    req,
    fake,
    fake.tenant.teams.map((t) => selected(req, { id: t.id, displayName: t.displayName, description: null })),
  );
};

const channels: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/teams\/([^/]+)\/channels$/.exec(req.path);
  if (!m) return undefined;
  const team = fake.tenant.teams.find((t) => t.id === m[1]);
  if (!team) return notFound(`Team '${m[1]}'`);
  return pageOf(
    req,
    fake,
    team.channels.map((c) =>
      selected(req, { id: c.id, displayName: c.displayName, membershipType: c.membershipType, description: null }),
    ),
  );
};

const channelOf = (fake: FakeMicrosoft, teamId: string, channelId: string) =>
  fake.tenant.teams.find((t) => t.id === teamId)?.channels.find((c) => c.id === decodeURIComponent(channelId));

/** A reply page link, as Graph gives one when a thread has more replies than it expanded. */
const repliesLink = (req: GraphRequest, rootId: string, offset: number) => {
  const link = new URL(`${req.url.origin}${req.path}/${rootId}/replies`);
  link.searchParams.set('$skiptoken', String(offset));
  return link.toString();
};

const channelMessages: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/teams\/([^/]+)\/channels\/([^/]+)\/messages$/.exec(req.path);
  if (!m) return undefined;
  const channel = channelOf(fake, m[1]!, m[2]!);
  if (!channel) return notFound(`Channel '${m[2]}'`);
  const refused = topTooLarge(req, 50);
  if (refused) return refused;
  const where = { channelIdentity: { teamId: m[1], channelId: channel.id } };
  const expand = req.url.searchParams.get('$expand') === 'replies';
  const roots = [...channel.messages].sort(byModifiedDesc).map((root) => {
    const view: Record<string, unknown> = messageView(root, where);
    if (!expand) return view;
    view.replies = [...root.replies]
      .sort(byModifiedDesc)
      .slice(0, fake.pageSize)
      .map((r) => messageView(r, where));
    if (root.replies.length > fake.pageSize) view['replies@odata.nextLink'] = repliesLink(req, root.id, fake.pageSize);
    return view;
  });
  return pageOf(req, fake, roots);
};

const replies: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)\/replies$/.exec(req.path);
  if (!m) return undefined;
  const root = channelOf(fake, m[1]!, m[2]!)?.messages.find((x) => x.id === m[3]);
  if (!root) return notFound(`Message '${m[3]}'`);
  const refused = topTooLarge(req, 50);
  if (refused) return refused;
  const where = { channelIdentity: { teamId: m[1], channelId: decodeURIComponent(m[2]!) } };
  return pageOf(
    req,
    fake,
    [...root.replies].sort(byModifiedDesc).map((r) => messageView(r, where)),
  );
};

const memberView = (fake: FakeMicrosoft, chat: FakeChat) =>
  chat.members.map((userId) => {
    const user = fake.tenant.users.find((u) => u.id === userId);
    return {
      '@odata.type': '#microsoft.graph.aadUserConversationMember',
      id: Buffer.from(`${chat.id}#${userId}`).toString('base64'),
      roles: ['owner'],
      displayName: user?.displayName ?? 'Guest (External)',
      visibleHistoryStartDateTime: '0001-01-01T00:00:00Z',
      userId,
      email: user?.mail ?? null,
      tenantId: user ? fake.tenant.tenantId : '9188040d-6c67-4c5b-b112-36a304b66dad',
    };
  });

const chats: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/users\/([^/]+)\/chats$/.exec(req.path);
  if (!m) return undefined;
  if (!fake.tenant.users.some((u) => u.id === m[1]))
    return graphError(404, 'Request_ResourceNotFound', `Resource '${m[1]}' does not exist.`);
  const refused = topTooLarge(req, 50);
  if (refused) return refused;
  const expand = req.url.searchParams.get('$expand') === 'members';
  const mine = fake.tenant.chats
    .filter((c) => c.members.includes(m[1]!))
    .map((c) => ({
      id: c.id,
      topic: c.topic,
      chatType: c.chatType,
      createdDateTime: c.messages[0]?.createdDateTime ?? null,
      tenantId: fake.tenant.tenantId,
      ...(expand ? { members: memberView(fake, c) } : {}),
    }));
  return pageOf(req, fake, mine);
};

const chatOf = (fake: FakeMicrosoft, id: string) => fake.tenant.chats.find((c) => c.id === decodeURIComponent(id));

const chatMembers: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/chats\/([^/]+)\/members$/.exec(req.path);
  if (!m) return undefined;
  const chat = chatOf(fake, m[1]!);
  return chat ? pageOf(req, fake, memberView(fake, chat)) : notFound(`Chat '${m[1]}'`);
};

/** `lastModifiedDateTime gt X and lastModifiedDateTime lt Y` as Graph's chat messages take it. */
function filterOf(req: GraphRequest): (m: FakeChatMessage) => boolean {
  const filter = req.url.searchParams.get('$filter');
  const orderby = req.url.searchParams.get('$orderby') ?? '';
  // Graph applies the filter only when $orderby names the same property.
  if (!filter || !orderby.startsWith('lastModifiedDateTime')) return () => true;
  const tests = filter.split(/\s+and\s+/i).map((part) => {
    const [, op, value] = /^lastModifiedDateTime\s+(gt|lt)\s+(\S+)$/i.exec(part.trim()) ?? [];
    const when = Date.parse(value ?? '');
    if (!op || Number.isNaN(when)) throw new Error(`unsupported $filter: ${part}`);
    return (m: FakeChatMessage) =>
      op.toLowerCase() === 'gt' ? Date.parse(m.lastModifiedDateTime) > when : Date.parse(m.lastModifiedDateTime) < when;
  });
  return (m) => tests.every((t) => t(m));
}

const chatMessages: FakeGraphRoute = (req, fake) => {
  const m = /^\/v1\.0\/chats\/([^/]+)\/messages$/.exec(req.path);
  if (!m) return undefined;
  const chat = chatOf(fake, m[1]!);
  if (!chat) return notFound(`Chat '${m[1]}'`);
  const refused = topTooLarge(req, 50);
  if (refused) return refused;
  let keep: (x: FakeChatMessage) => boolean;
  try {
    keep = filterOf(req);
  } catch (error) {
    return graphError(400, 'BadRequest', String(error));
  }
  const messages = chat.messages
    .filter(keep)
    .sort(byModifiedDesc)
    .map((x) => messageView(x, { chatId: chat.id, channelIdentity: null }));
  return pageOf(req, fake, messages);
};

export const teamsRoutes: FakeGraphRoute[] = [
  faultRoute,
  people,
  teams,
  channels,
  channelMessages,
  replies,
  chats,
  chatMembers,
  chatMessages,
];
