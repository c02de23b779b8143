import { AuthError, ConfidentialClientApplication, ServerError } from '@azure/msal-node';
import {
  AuthenticationHandler,
  Client,
  type Context,
  GraphError,
  HTTPMessageHandler,
  type Middleware,
  RetryHandler,
  RetryHandlerOptions,
} from '@microsoft/microsoft-graph-client';
import { PASSIVE_MSG } from '@tieline/validation';
import type { TEnv } from '../../env';
import { SyncError } from '../sync-error';

// The one place Microsoft's clients are made: MSAL's client-credentials flow against MS_LOGIN_URL and
// the Graph client against MS_GRAPH_URL (both from the environment, never from user input), Graph's
// throttling (429/503/504 with Retry-After) waited out a bounded number of times, a token refused
// mid-sync renewed once, and Microsoft's errors turned into ours. The secret is opened by the caller
// and lives only in this client; nothing here logs a request.

export interface Office365Credentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

/** The Graph resource the app's application permissions are granted on (a name, not an address). */
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

/** A sync waits out throttling up to 10 times (Graph's RetryHandler caps one wait at 180 s). */
const SYNC_RETRIES = 10;
/** Connecting answers a person waiting on the page. */
const CONNECT_RETRIES = 1;

export interface GraphSession {
  /** GET a Graph path (`/users/{id}/manager`) or an absolute address Graph gave (a next or delta link). */
  get<T>(path: string, headers?: Record<string, string>): Promise<T>;
  /** Every page of a collection, following `@odata.nextLink`; the last page's `@odata.deltaLink` too. */
  pages<T>(path: string, headers?: Record<string, string>): AsyncGenerator<GraphPage<T>>;
}

export interface GraphPage<T> {
  value: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

export function graphSession(
  env: Pick<TEnv, 'MS_LOGIN_URL' | 'MS_GRAPH_URL'>,
  credentials: Office365Credentials,
  mode: 'sync' | 'connect',
): GraphSession {
  const login = new URL(env.MS_LOGIN_URL);
  const msal = new ConfidentialClientApplication({
    auth: {
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      authority: `${env.MS_LOGIN_URL}/${credentials.tenantId}`,
      // The authority's host is trusted as given (no instance discovery call to Microsoft's cloud list).
      knownAuthorities: [login.host],
    },
    system: { loggerOptions: { piiLoggingEnabled: false, loggerCallback: () => {} } },
  });
  let renew = false;
  // The Graph client wraps whatever the token provider throws into a GraphError: MSAL's own error is
  // kept here and thrown instead, so a refused secret is told apart from Graph refusing a call.
  let tokenFailure: unknown = null;
  const authProvider = {
    async getAccessToken() {
      const skipCache = renew;
      renew = false;
      tokenFailure = null;
      try {
        const answer = await msal.acquireTokenByClientCredential({ scopes: [GRAPH_SCOPE], skipCache });
        if (!answer?.accessToken) throw new SyncError(PASSIVE_MSG.microsoftAuth);
        return answer.accessToken;
      } catch (error) {
        tokenFailure = error;
        throw error;
      }
    },
  };
  // The Graph client keeps only the message of a request that never reached Graph ("fetch failed"):
  // the network error under it (ECONNREFUSED, a DNS failure) is kept here and becomes the error's cause.
  let networkFailure: unknown = null;
  const fetching = new HTTPMessageHandler();
  const network: Middleware = {
    async execute(context: Context) {
      try {
        await fetching.execute(context);
      } catch (error) {
        networkFailure = error;
        throw error;
      }
    },
  };
  const graph = new URL(env.MS_GRAPH_URL);
  const client = Client.initWithMiddleware({
    middleware: [
      new AuthenticationHandler(authProvider),
      new RetryHandler(new RetryHandlerOptions(1, mode === 'sync' ? SYNC_RETRIES : CONNECT_RETRIES)),
      network,
    ],
    baseUrl: env.MS_GRAPH_URL,
    customHosts: new Set([graph.hostname]),
    defaultVersion: 'v1.0',
  });
  const root = new URL(`${env.MS_GRAPH_URL}/v1.0/`);

  async function get<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
    const url = graphUrl(root, path);
    const request = async () => {
      networkFailure = null;
      try {
        return (await client.api(url).headers(headers).get()) as T;
      } catch (error) {
        if (tokenFailure) throw tokenFailure;
        if (networkFailure && error instanceof Error && error.cause === undefined) error.cause = networkFailure;
        throw error;
      }
    };
    try {
      return await request();
    } catch (error) {
      // A token that expired or was revoked mid-sync: renewed once, then the call is tried again.
      if (error instanceof GraphError && error.statusCode === 401) {
        renew = true;
        return await request();
      }
      throw error;
    }
  }

  async function* pages<T>(path: string, headers: Record<string, string> = {}): AsyncGenerator<GraphPage<T>> {
    let next: string | undefined = path;
    while (next) {
      const page: GraphPage<T> = await get<GraphPage<T>>(next, headers);
      yield page;
      next = page['@odata.nextLink'];
    }
  }

  return { get, pages };
}

/**
 * The address of a Graph path of ours (`/users/{id}/manager`, under the version root) or of a link Graph
 * answered (`@odata.nextLink`, a stored delta link), resolved against `root` (MS_GRAPH_URL/v1.0/) and
 * followed only back there: same origin, under the version path, and no second `://` (the Graph client
 * reads a host out of one wherever it stands, so `/https://elsewhere/...` would leave). Whitespace and
 * control characters are refused before parsing, because URL parsing trims them (`"\thttps://..."`).
 */
export function graphUrl(root: URL, link: string): string {
  const refuse = () => new SyncError(PASSIVE_MSG.microsoftBadLink);
  if (/[\s\p{Cc}]/u.test(link)) throw refuse();
  const own = link.startsWith('/') && !link.startsWith('//');
  let url: URL;
  try {
    url = new URL(own ? `${root.pathname}${link.slice(1)}` : link, root);
  } catch {
    throw refuse();
  }
  const sameOrigin = url.protocol === root.protocol && url.host === root.host && !url.username && !url.password;
  const scheme = url.protocol.length + 2;
  if (!sameOrigin || !url.pathname.startsWith(root.pathname) || url.href.includes('://', scheme + 1)) throw refuse();
  return url.href;
}

/** Graph's refusal of a call: its HTTP status and error code, or null for other failures. */
export function graphErrorOf(error: unknown): { status: number; code: string } | null {
  if (error instanceof GraphError) return { status: error.statusCode, code: String(error.code ?? '') };
  return null;
}

/** Whether MSAL was refused the credentials (wrong tenant, client id or secret; no consent). */
export function credentialsRefused(error: unknown): boolean {
  return error instanceof ServerError || (error instanceof AuthError && error.errorCode === 'invalid_client');
}

/** Whether MSAL found no identity platform for the tenant (unknown tenant id, or unreachable). */
export const tenantUnknown = (error: unknown) =>
  error instanceof AuthError && error.errorCode === 'endpoints_resolution_error';

/**
 * A sync's Microsoft failure as a SyncError when retrying cannot fix it (credentials, consent, a
 * permission); anything else (throttling past the retries, Microsoft down) is returned as is, for the
 * job queue to retry later with its backoff.
 */
export function syncFailure(error: unknown, permission: string): unknown {
  if (error instanceof SyncError) return error;
  if (credentialsRefused(error)) return new SyncError(PASSIVE_MSG.microsoftAuth);
  if (tenantUnknown(error)) return error;
  const graph = graphErrorOf(error);
  if (graph?.status === 401) return new SyncError(PASSIVE_MSG.microsoftAuth);
  if (graph?.status === 403) return new SyncError(PASSIVE_MSG.microsoftPermission(permission));
  return error;
}

/** The sealing context of a connection's client secret: a sealed secret moved to another row does not open. */
export const secretContext = (connectionId: string) => `office365-secret:${connectionId}`;
