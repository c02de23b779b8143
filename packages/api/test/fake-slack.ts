import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SLACK_SCOPES } from '@tieline/validation';
import { keepAlive } from '../src/http/listen';
import type {
  FakeChannel,
  FakeMessage,
  FakeProfileField,
  FakeUser,
  FakeUserGroup,
  FakeWorkspace,
} from './fake-slack-workspace';

export type { FakeChannel, FakeMessage, FakeProfileField, FakeUser, FakeUserGroup, FakeWorkspace };

// A fake Slack Web API on loopback, written from Slack's method documentation (docs.slack.dev/reference/
// methods): every method is a POST to /api/<method> with form-encoded or JSON arguments and the token
// as `Authorization: Bearer`; answers are HTTP 200 `{ ok: true, ... }` or `{ ok: false, error }`, and
// rate limiting is HTTP 429 with Retry-After. Cursor paging as Slack does it: `limit` and `cursor` in,
// `response_metadata.next_cursor` out (empty on the last page). Tests fill the workspace model.

/** The scope each method needs (by conversation kind for the conversations.* methods). */
const SCOPES: Record<string, string> = {
  'users.list': 'users:read',
  'usergroups.list': 'usergroups:read',
  'usergroups.users.list': 'usergroups:read',
  'team.profile.get': 'users.profile:read',
};
const READ_SCOPE = { public: 'channels:read', private: 'groups:read', im: 'im:read', mpim: 'mpim:read' } as const;
const HISTORY_SCOPE = {
  public: 'channels:history',
  private: 'groups:history',
  im: 'im:history',
  mpim: 'mpim:history',
} as const;
const TYPE_OF = { public_channel: 'public', private_channel: 'private', im: 'im', mpim: 'mpim' } as const;

/** Every scope the app asks for, and the optional one for profile field labels (team.profile.get). */
export const ALL_SCOPES = [...SLACK_SCOPES, 'users.profile:read'];

export interface FakeSlack {
  url: string;
  workspace: FakeWorkspace;
  token: string;
  scopes: Set<string>;
  /** Every call answered, by method (429s included), for assertions on paging and retries. */
  calls: { method: string; status: number; args: Record<string, string> }[];
  /**
   * The next `n` calls (of `method` only, when given: Slack limits each method apart) answer HTTP 429
   * with Retry-After: `seconds` and error ratelimited.
   */
  rateLimit: (n: number, seconds?: number, method?: string) => void;
  /** The token stops working: every call from the `after`-th next one (now by default) answers invalid_auth. */
  revoke: (after?: number) => void;
  /** A fresh workspace and state (scopes, storms, failures, calls, page size) for the next test. */
  reset: (workspace: FakeWorkspace) => void;
  /** The next call of `method` after `skip` more of them answers `{ ok: false, error }` once. */
  failOnce: (method: string, error: string, skip?: number) => void;
  /** Page size used when the caller asks for more (Slack caps limit too); tiny in paging tests. */
  maxPage: number;
  close: () => Promise<void>;
}

const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64');
function offsetOf(cursor: string | undefined): number | null {
  if (!cursor) return 0;
  const m = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString());
  return m ? Number(m[1]) : null;
}

async function argsOf(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(body));
}

const num = (ts: string) => Number.parseFloat(ts);
const isTopLevel = (m: FakeMessage) => !m.thread_ts || m.thread_ts === m.ts || m.subtype === 'thread_broadcast';

export async function startFakeSlack(workspace: FakeWorkspace, token = 'xoxb-fake-1-token'): Promise<FakeSlack> {
  let storm = 0;
  let stormSeconds = 1;
  let stormMethod: string | undefined;
  let revoked = false;
  let revokeIn = -1;
  const failures: { method: string; error: string; skip: number }[] = [];

  const fake: FakeSlack = {
    url: '',
    workspace,
    token,
    scopes: new Set(ALL_SCOPES),
    calls: [],
    rateLimit: (n, seconds = 1, method) => {
      storm = n;
      stormSeconds = seconds;
      stormMethod = method;
    },
    revoke: (after = 0) => {
      if (after === 0) revoked = true;
      else revokeIn = after;
    },
    reset: (next) => {
      fake.workspace = next;
      fake.scopes = new Set(ALL_SCOPES);
      fake.calls = [];
      fake.maxPage = 1000;
      storm = 0;
      revoked = false;
      revokeIn = -1;
      failures.length = 0;
    },
    failOnce: (method, error, skip = 0) => {
      failures.push({ method, error, skip });
    },
    maxPage: 1000,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };

  /** One page of `items` as Slack pages: at most `limit` (and maxPage), next_cursor when more remain. */
  function page<T>(items: T[], args: Record<string, string>): { items: T[]; next: string } | null {
    const offset = offsetOf(args.cursor);
    if (offset === null) return null;
    const limit = Math.min(Number(args.limit) > 0 ? Number(args.limit) : 100, fake.maxPage);
    const slice = items.slice(offset, offset + limit);
    return { items: slice, next: offset + limit < items.length ? cursorOf(offset + limit) : '' };
  }

  const channelOf = (id: string | undefined) => fake.workspace.channels.find((c) => c.id === id);

  function decorate(m: FakeMessage, channel: string): Record<string, unknown> {
    const replies = (fake.workspace.messages[channel] ?? []).filter((r) => r.thread_ts === m.ts && r.ts !== m.ts);
    const out: Record<string, unknown> = { type: 'message', ...m };
    if (m.thread_ts && m.thread_ts !== m.ts) {
      const parent = (fake.workspace.messages[channel] ?? []).find((p) => p.ts === m.thread_ts);
      if (parent?.user) out.parent_user_id = parent.user;
    }
    if (replies.length > 0 && (!m.thread_ts || m.thread_ts === m.ts)) {
      out.thread_ts = m.ts;
      out.reply_count = replies.length;
      out.reply_users = [...new Set(replies.map((r) => r.user).filter(Boolean))];
      out.latest_reply = replies.map((r) => r.ts).sort((a, b) => num(b) - num(a))[0];
    }
    return out;
  }

  /** oldest/latest bounds, exclusive unless inclusive=true (Slack's default: exclusive). */
  function inWindow(ts: string, args: Record<string, string>) {
    const inclusive = args.inclusive === 'true' || args.inclusive === '1';
    const t = num(ts);
    if (args.oldest && (inclusive ? t < num(args.oldest) : t <= num(args.oldest))) return false;
    if (args.latest && (inclusive ? t > num(args.latest) : t >= num(args.latest))) return false;
    return true;
  }

  function answer(method: string, args: Record<string, string>): Record<string, unknown> {
    const needed = SCOPES[method];
    if (needed && !fake.scopes.has(needed)) return missingScope(needed);
    switch (method) {
      case 'auth.test':
        return {
          url: `https://${fake.workspace.team.domain}.slack.com/`,
          team: fake.workspace.team.name,
          user: 'tieline',
          team_id: fake.workspace.team.id,
          user_id: 'UBOT',
          bot_id: 'BBOT',
          is_enterprise_install: false,
        };
      case 'users.list': {
        const p = page(fake.workspace.users, args);
        if (!p) return { ok: false, error: 'invalid_cursor' };
        const email = fake.scopes.has('users:read.email');
        const members = p.items.map((u) => ({
          ...u,
          team_id: u.team_id ?? fake.workspace.team.id,
          real_name: u.profile.real_name,
          profile: { ...u.profile, email: email ? u.profile.email : undefined },
        }));
        return { members, cache_ts: 1700000000, response_metadata: { next_cursor: p.next } };
      }
      case 'conversations.list': {
        const types = (args.types || 'public_channel').split(',').map((t) => t.trim());
        const kinds: string[] = [];
        for (const t of types) {
          const kind = TYPE_OF[t as keyof typeof TYPE_OF];
          if (!kind) return { ok: false, error: 'invalid_types' };
          if (!fake.scopes.has(READ_SCOPE[kind])) return missingScope(READ_SCOPE[kind]);
          kinds.push(kind);
        }
        const exclude = args.exclude_archived === 'true' || args.exclude_archived === '1';
        const all = fake.workspace.channels.filter((c) => kinds.includes(c.kind) && !(exclude && c.archived));
        const p = page(all, args);
        if (!p) return { ok: false, error: 'invalid_cursor' };
        const channels = p.items.map((c) => ({
          id: c.id,
          ...(c.kind === 'im' ? { user: c.members.find((m) => m !== 'UBOT') } : { name: c.name ?? c.id.toLowerCase() }),
          is_channel: c.kind === 'public',
          is_group: c.kind === 'private',
          is_im: c.kind === 'im',
          is_mpim: c.kind === 'mpim',
          is_private: c.kind !== 'public',
          is_archived: !!c.archived,
          is_member: !c.botNotIn,
          created: 1600000000,
        }));
        return { channels, response_metadata: { next_cursor: p.next } };
      }
      case 'conversations.members': {
        const c = channelOf(args.channel);
        if (!c) return { ok: false, error: 'channel_not_found' };
        if (!fake.scopes.has(READ_SCOPE[c.kind])) return missingScope(READ_SCOPE[c.kind]);
        const p = page(c.members, args);
        if (!p) return { ok: false, error: 'invalid_cursor' };
        return { members: p.items, response_metadata: { next_cursor: p.next } };
      }
      case 'conversations.history': {
        const c = channelOf(args.channel);
        if (!c) return { ok: false, error: 'channel_not_found' };
        if (!fake.scopes.has(HISTORY_SCOPE[c.kind])) return missingScope(HISTORY_SCOPE[c.kind]);
        if (c.botNotIn) return { ok: false, error: 'not_in_channel' };
        const all = (fake.workspace.messages[c.id] ?? [])
          .filter((m) => isTopLevel(m) && inWindow(m.ts, args))
          .sort((a, b) => num(b.ts) - num(a.ts));
        const p = page(all, args);
        if (!p) return { ok: false, error: 'invalid_cursor' };
        return {
          messages: p.items.map((m) => decorate(m, c.id)),
          has_more: p.next !== '',
          pin_count: 0,
          response_metadata: { next_cursor: p.next },
        };
      }
      case 'conversations.replies': {
        const c = channelOf(args.channel);
        if (!c) return { ok: false, error: 'channel_not_found' };
        if (!fake.scopes.has(HISTORY_SCOPE[c.kind])) return missingScope(HISTORY_SCOPE[c.kind]);
        if (c.botNotIn) return { ok: false, error: 'not_in_channel' };
        const messages = fake.workspace.messages[c.id] ?? [];
        const parent = messages.find((m) => m.ts === args.ts);
        if (!parent) return { ok: false, error: 'thread_not_found' };
        // The parent first, then the replies oldest first, as Slack answers.
        const replies = messages
          .filter((m) => m.thread_ts === parent.ts && m.ts !== parent.ts && inWindow(m.ts, args))
          .sort((a, b) => num(a.ts) - num(b.ts));
        const p = page([parent, ...replies], args);
        if (!p) return { ok: false, error: 'invalid_cursor' };
        return {
          messages: p.items.map((m) => decorate(m, c.id)),
          has_more: p.next !== '',
          response_metadata: { next_cursor: p.next },
        };
      }
      case 'usergroups.list':
        return {
          usergroups: fake.workspace.usergroups.map((g) => ({
            id: g.id,
            team_id: fake.workspace.team.id,
            handle: g.handle,
            name: g.name,
            user_count: g.users.length,
            ...(args.include_users === 'true' ? { users: g.users } : {}),
          })),
        };
      case 'team.profile.get': {
        // docs.slack.dev/reference/methods/team.profile.get: `profile.fields`, each field's definition;
        // `visibility` (all, visible, hidden) filters by is_hidden.
        const visibility = args.visibility || 'all';
        const fields = (fake.workspace.profileFields ?? [])
          .map((f, ordering) => ({
            id: f.id,
            ordering,
            field_name: null,
            label: f.label,
            hint: f.hint ?? '',
            type: f.type ?? 'text',
            possible_values: f.possible_values ?? null,
            options: null,
            is_hidden: f.is_hidden ?? false,
            section_id: 'S0ABOUT',
          }))
          .filter((f) => visibility === 'all' || (visibility === 'hidden' ? f.is_hidden : !f.is_hidden));
        return {
          profile: {
            fields,
            sections: [
              {
                id: 'S0ABOUT',
                team_id: fake.workspace.team.id,
                section_type: 'about_me',
                label: 'About me',
                order: 1,
                is_hidden: false,
              },
            ],
          },
        };
      }
      case 'usergroups.users.list': {
        const g = fake.workspace.usergroups.find((x) => x.id === args.usergroup);
        if (!g) return { ok: false, error: 'no_such_subteam' };
        return { users: g.users };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  const missingScope = (needed: string) => ({
    ok: false,
    error: 'missing_scope',
    needed,
    provided: [...fake.scopes].join(','),
  });

  function handle(req: IncomingMessage, res: ServerResponse, args: Record<string, string>) {
    const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0]!;
    const send = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      fake.calls.push({ method, status, args });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return send(200, { ok: false, error: 'invalid_request' });
    if (storm > 0 && (stormMethod === undefined || stormMethod === method)) {
      storm--;
      return send(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(stormSeconds) });
    }
    if (revokeIn > 0 && --revokeIn === 0) revoked = true;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? args.token;
    if (!bearer) return send(200, { ok: false, error: 'not_authed' });
    if (bearer !== fake.token || revoked) return send(200, { ok: false, error: 'invalid_auth' });
    const failure = failures.find((f) => f.method === method);
    if (failure) {
      if (failure.skip > 0) failure.skip--;
      else {
        failures.splice(failures.indexOf(failure), 1);
        return send(200, { ok: false, error: failure.error });
      }
    }
    const body = answer(method, args);
    send(200, body.ok === false ? body : { ok: true, ...body });
  }

  // Connections stay open as long as Slack's do (not Node's 5 s, which races the client's reuse).
  const server = keepAlive(
    createServer((req, res) => {
      argsOf(req).then(
        (args) => handle(req, res, args),
        () => {
          res.writeHead(400);
          res.end();
        },
      );
    }),
  );
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  return fake;
}
