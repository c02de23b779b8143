import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { OFFICE365_PERMISSIONS } from '@tieline/validation';
import { keepAlive } from '../src/http/listen';
import { directoryRoutes } from './fake-microsoft-directory';
import { mailRoutes } from './fake-microsoft-mail';
import { teamsRoutes } from './fake-microsoft-teams';

// A fake Microsoft identity platform + Microsoft Graph on loopback, written from Microsoft's docs
// (learn.microsoft.com: "OAuth 2.0 client credentials flow", "Paging Microsoft Graph data", "Microsoft
// Graph throttling guidance", the v1.0 reference of each call). HTTPS with the test certificate in
// fixtures/tls (MSAL refuses other authorities): processes that talk to it trust it through
// NODE_EXTRA_CA_CERTS (vitest.config.ts sets it for the test workers; e2e for its servers).
// - Tokens: POST /{tenant}/oauth2/v2.0/token (client_credentials), AADSTS errors as Entra answers them.
// - Graph: /v1.0/... with `Authorization: Bearer`; errors `{ error: { code, message } }`; paging by
//   `@odata.nextLink` ($skiptoken), page size from `$top` or `Prefer: odata.maxpagesize`.
// - Throttling on demand: the next N Graph calls answer 429 (or 503) with Retry-After.
// Tests fill the tenant model; fake-microsoft-directory.ts, -mail.ts and -teams.ts add their calls.

export const TLS_DIR = join(import.meta.dirname, 'fixtures', 'tls');
export const TLS_CERT_FILE = join(TLS_DIR, 'loopback.crt');

export interface FakeMsUser {
  id: string;
  displayName: string;
  mail: string | null;
  userPrincipalName: string;
  department?: string | null;
  jobTitle?: string | null;
  officeLocation?: string | null;
  accountEnabled?: boolean;
  /** The manager's id (GET /users/{id}/manager). */
  managerId?: string;
}

export interface FakeMsGroup {
  id: string;
  displayName: string;
  /** User ids (groups of groups are not modelled). */
  members: string[];
}

export interface FakeRecipient {
  emailAddress: { name?: string; address: string };
}

/** A message of a mailbox's Sent Items; subject and body are served as Graph does, even when not asked for. */
export interface FakeMsMessage {
  id: string;
  internetMessageId: string;
  conversationId: string;
  sentDateTime: string;
  from: FakeRecipient;
  toRecipients: FakeRecipient[];
  ccRecipients: FakeRecipient[];
  bccRecipients: FakeRecipient[];
  subject: string;
  body: { contentType: 'text' | 'html'; content: string };
}

export interface FakeMsEvent {
  id: string;
  iCalUId: string;
  subject: string;
  body: { contentType: 'text' | 'html'; content: string };
  start: { dateTime: string; timeZone: 'UTC' };
  end: { dateTime: string; timeZone: 'UTC' };
  isCancelled: boolean;
  organizer: FakeRecipient;
  attendees: (FakeRecipient & {
    type: 'required' | 'optional' | 'resource';
    status: { response: 'none' | 'organizer' | 'tentativelyAccepted' | 'accepted' | 'declined' | 'notResponded' };
  })[];
}

/** A person of /users/{id}/people, as ranked by relevance (first is most relevant). */
export interface FakeMsPerson {
  id: string;
  displayName: string;
  scoredEmailAddresses: { address: string; relevanceScore: number }[];
  personType: { class: 'Person' | 'Group' | 'Other'; subclass: string };
}

export interface FakeChatMessage {
  id: string;
  replyToId: string | null;
  messageType: 'message' | 'systemEventMessage' | 'chatEvent' | 'typing' | 'unknownFutureValue';
  createdDateTime: string;
  lastModifiedDateTime: string;
  deletedDateTime?: string | null;
  from: {
    user: { id: string; displayName: string } | null;
    application: { id: string; displayName: string } | null;
  } | null;
  mentions: { id: number; mentionText: string; mentioned: { user: { id: string; displayName: string } | null } }[];
  body: { contentType: 'text' | 'html'; content: string };
  subject?: string | null;
}

export interface FakeTeam {
  id: string;
  displayName: string;
  members: string[];
  channels: {
    id: string;
    displayName: string;
    membershipType: 'standard' | 'private' | 'shared';
    messages: (FakeChatMessage & { replies: FakeChatMessage[] })[];
  }[];
}

export interface FakeChat {
  id: string;
  chatType: 'oneOnOne' | 'group' | 'meeting';
  topic: string | null;
  members: string[];
  messages: FakeChatMessage[];
}

export interface FakeTenant {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The tenant's verified domains (addresses elsewhere are external). */
  domains: string[];
  users: FakeMsUser[];
  groups: FakeMsGroup[];
  /** Sent Items by mailbox (user id). */
  sentItems: Record<string, FakeMsMessage[]>;
  /** Calendars by user id. */
  events: Record<string, FakeMsEvent[]>;
  /** Relevance-ranked people by user id. */
  people: Record<string, FakeMsPerson[]>;
  teams: FakeTeam[];
  chats: FakeChat[];
  /** Application permissions granted (roles in the token); every one by default. */
  roles?: string[];
  /** Users whose mailbox and calendar an Exchange application access policy keeps the app out of. */
  deniedMailboxes?: string[];
}

/** Every permission the app needs, granted (a tenant's `roles` narrows them). */
export const ALL_ROLES: readonly string[] = OFFICE365_PERMISSIONS;

export interface GraphRequest {
  method: string;
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
}

/** A Graph route: answers the request (status + body) or returns undefined when the path is not its own. */
export type FakeGraphRoute = (
  req: GraphRequest,
  fake: FakeMicrosoft,
) => { status: number; body: unknown; headers?: Record<string, string> } | undefined;

export interface FakeMicrosoft {
  /** https://127.0.0.1:port: both MS_LOGIN_URL and MS_GRAPH_URL. */
  url: string;
  tenant: FakeTenant;
  /** Graph calls received (path and query), in order. */
  calls: string[];
  tokensIssued: number;
  /** The next `count` Graph calls answer `status` (429 or 503) with Retry-After `seconds`. */
  throttle: (count: number, status?: 429 | 503, seconds?: number) => void;
  /** Every token issued so far stops working (401 InvalidAuthenticationToken), as on expiry. */
  expireTokens: () => void;
  /** Delta tokens issued so far answer 410 (syncStateNotFound), as when Exchange drops the state. */
  expireDeltas: () => void;
  /** Delta tokens expired one by one. */
  expiredDeltas: Set<string>;
  /** Bumped by expireDeltas: tokens issued under an older generation are expired. */
  deltaGeneration: number;
  /** Called with each Graph call (path and query) before it is answered: tests act between pages. */
  onGraphCall: ((call: string) => void) | null;
  /** The largest page answered (Graph's are 100..999 by call; tests make it tiny to exercise paging). */
  pageSize: number;
  /** Rewrites each `@odata.nextLink` answered (tests serve links a hostile or broken Graph might). */
  nextLinkOf: ((link: string) => string) | null;
  close: () => Promise<void>;
}

export const graphError = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message, innerError: { 'request-id': randomBytes(8).toString('hex') } } },
});

/**
 * One page of `items` for a collection call, by `$skiptoken` (an offset here), `$top` or `Prefer:
 * odata.maxpagesize`, with `@odata.nextLink` when more remain; `last` is merged into the last page
 * (a delta link).
 */
export function pageOf(req: GraphRequest, fake: FakeMicrosoft, items: unknown[], last: Record<string, unknown> = {}) {
  const prefer = /odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''))?.[1];
  // The server's own largest page (fake.pageSize) caps what the call asks for, as Graph's does.
  const asked = Number(req.url.searchParams.get('$top') ?? prefer ?? fake.pageSize) || fake.pageSize;
  const size = Math.min(asked, fake.pageSize);
  const offset = Number(req.url.searchParams.get('$skiptoken') ?? 0);
  const page = items.slice(offset, offset + size);
  if (offset + size < items.length) {
    const next = new URL(req.url);
    next.searchParams.set('$skiptoken', String(offset + size));
    const link = fake.nextLinkOf ? fake.nextLinkOf(next.toString()) : next.toString();
    return { status: 200, body: { value: page, '@odata.nextLink': link } };
  }
  return { status: 200, body: { value: page, ...last } };
}

/** Only the properties `$select` names (and id), as Graph answers; everything when none is named. */
export function selected<T extends object>(req: GraphRequest, item: T): Partial<T> {
  const select = req.url.searchParams.get('$select');
  if (!select) return item;
  const names = new Set(['id', ...select.split(',').map((s) => s.trim())]);
  return Object.fromEntries(Object.entries(item).filter(([k]) => names.has(k))) as Partial<T>;
}

/** The permission each call needs (403 Authorization_RequestDenied without it). */
function roleFor(path: string): string {
  if (/\/mailFolders\/|\/messages/.test(path) && path.startsWith('/v1.0/users/')) return 'Mail.ReadBasic.All';
  if (/\/calendarView|\/events/.test(path)) return 'Calendars.ReadBasic';
  if (/\/people$/.test(path)) return 'People.Read.All';
  if (/^\/v1\.0\/(chats|users\/[^/]+\/chats)/.test(path)) return 'Chat.Read.All';
  if (/\/channels\/[^/]+\/messages/.test(path)) return 'ChannelMessage.Read.All';
  if (/\/channels/.test(path)) return 'Channel.ReadBasic.All';
  if (/^\/v1\.0\/(teams|groups\/[^/]+\/team)/.test(path)) return 'Team.ReadBasic.All';
  if (/^\/v1\.0\/groups/.test(path)) return 'GroupMember.Read.All';
  return 'User.Read.All';
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeMicrosoft(tenant: FakeTenant): Promise<FakeMicrosoft> {
  const tokens = new Set<string>();
  let throttled = { count: 0, status: 429 as 429 | 503, seconds: 0 };
  const routes = [...directoryRoutes, ...mailRoutes, ...teamsRoutes];

  async function identity(req: IncomingMessage, res: ServerResponse, url: URL) {
    const m = /^\/([^/]+)\/(v2\.0\/\.well-known\/openid-configuration|oauth2\/v2\.0\/token)$/.exec(url.pathname);
    if (!m) return send(res, 404, { error: 'not_found' });
    const [, tenantId, what] = m;
    if (tenantId !== fake.tenant.tenantId)
      return send(res, 400, {
        error: 'invalid_request',
        error_description: `AADSTS90002: Tenant '${tenantId}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
        error_codes: [90002],
      });
    const base = `${fake.url}/${tenantId}`;
    if (what?.startsWith('v2.0'))
      return send(res, 200, {
        token_endpoint: `${base}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
        jwks_uri: `${base}/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer: `${base}/v2.0`,
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
        end_session_endpoint: `${base}/oauth2/v2.0/logout`,
        tenant_region_scope: 'EU',
      });
    if (req.method !== 'POST') return send(res, 405, { error: 'invalid_request' });
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'client_credentials')
      return send(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'AADSTS70003: The app requested an unsupported grant type.',
      });
    if (form.get('client_id') !== fake.tenant.clientId)
      return send(res, 400, {
        error: 'unauthorized_client',
        error_description: `AADSTS700016: Application with identifier '${form.get('client_id')}' was not found in the directory.`,
        error_codes: [700016],
      });
    if (form.get('client_secret') !== fake.tenant.clientSecret)
      return send(res, 401, {
        error: 'invalid_client',
        error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${fake.tenant.clientId}'.`,
        error_codes: [7000215],
      });
    const token = `fake-ms-${randomBytes(16).toString('hex')}`;
    tokens.add(token);
    fake.tokensIssued++;
    return send(res, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
  }

  async function graph(req: IncomingMessage, res: ServerResponse, url: URL) {
    fake.calls.push(`${url.pathname}${url.search}`);
    fake.onGraphCall?.(`${url.pathname}${url.search}`);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token))
      return send(
        res,
        401,
        graphError(401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.').body,
      );
    if (throttled.count > 0) {
      throttled.count--;
      return send(
        res,
        throttled.status,
        graphError(
          throttled.status,
          throttled.status === 429 ? 'TooManyRequests' : 'ServiceUnavailable',
          'Too many requests',
        ).body,
        {
          'retry-after': String(throttled.seconds),
        },
      );
    }
    const role = roleFor(url.pathname);
    if (!(fake.tenant.roles ?? ALL_ROLES).includes(role))
      return send(
        res,
        403,
        graphError(403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.').body,
      );
    const mailbox = /^\/v1\.0\/users\/([^/]+)\/(mailFolders|messages|calendarView|events)/.exec(url.pathname)?.[1];
    if (mailbox && fake.tenant.deniedMailboxes?.includes(mailbox))
      return send(
        res,
        403,
        graphError(
          403,
          'ErrorAccessDenied',
          'Access to OData is disabled: blocked by tenant configured AppOnly AccessPolicy settings.',
        ).body,
      );
    const request: GraphRequest = { method: req.method ?? 'GET', path: url.pathname, url, headers: req.headers };
    for (const route of routes) {
      const answer = route(request, fake);
      if (answer) return send(res, answer.status, answer.body, answer.headers);
    }
    return send(res, 400, graphError(400, 'BadRequest', `Resource not found for the segment '${url.pathname}'.`).body);
  }

  // Connections stay open as long as Microsoft's do (not Node's 5 s, which races the client's reuse).
  const server = keepAlive(
    createServer(
      { cert: readFileSync(TLS_CERT_FILE), key: readFileSync(join(TLS_DIR, 'loopback.key')) },
      (req, res) => {
        const url = new URL(req.url ?? '/', fake.url);
        const handle = url.pathname.startsWith('/v1.0/') ? graph : identity;
        handle(req, res, url).catch((error: unknown) => send(res, 500, { error: String(error) }));
      },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeMicrosoft = {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tenant,
    calls: [],
    tokensIssued: 0,
    pageSize: 100,
    throttle: (count, status = 429, seconds = 0) => {
      throttled = { count, status, seconds };
    },
    expireTokens: () => tokens.clear(),
    expiredDeltas: new Set(),
    deltaGeneration: 0,
    expireDeltas: () => {
      fake.deltaGeneration++;
    },
    onGraphCall: null,
    nextLinkOf: null,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  return fake;
}
