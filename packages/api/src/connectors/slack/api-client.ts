import {
  ErrorCode,
  LogLevel,
  type RetryOptions,
  type WebAPICallResult,
  WebAPIPlatformError,
  WebClient,
} from '@slack/web-api';
import { PASSIVE_MSG } from '@tieline/validation';
import type { TEnv } from '../../env';
import { SyncError } from '../sync-error';

// The one place Slack's Web API client is made: its base address from SLACK_API_URL (never from user
// input), its own retry and rate-limit handling, and Slack's errors turned into ours.

/**
 * A sync waits out rate limiting (HTTP 429 + Retry-After, rejectRateLimitedCalls false: the client
 * pauses its queue for Retry-After and tries again) and network failures, a bounded number of times:
 * a longer storm fails this attempt of the job, which the job queue retries later with its backoff.
 * The backoff here is short because Retry-After already is the wait Slack asks for.
 */
const SYNC_RETRIES: RetryOptions = { retries: 8, factor: 2, minTimeout: 100, maxTimeout: 10_000, randomize: true };
/** Connecting answers a person waiting on the page: two quick retries, then a clear message. */
const CONNECT_RETRIES: RetryOptions = { retries: 2, factor: 2, minTimeout: 100, maxTimeout: 1_000 };

export function slackClient(env: Pick<TEnv, 'SLACK_API_URL'>, token: string, mode: 'sync' | 'connect'): WebClient {
  return new WebClient(token, {
    slackApiUrl: env.SLACK_API_URL,
    // Method names only: an absolute URL in a method name could point the token elsewhere.
    allowAbsoluteUrls: false,
    rejectRateLimitedCalls: false,
    retryConfig: mode === 'sync' ? SYNC_RETRIES : CONNECT_RETRIES,
    timeout: mode === 'sync' ? 60_000 : 10_000,
    // Debug logs carry request bodies; warnings name only methods. Errors only.
    logLevel: LogLevel.ERROR,
  });
}

/** Slack's `error` of a refused call (`invalid_auth`, `missing_scope`, ...), or null for other failures. */
export function slackErrorOf(error: unknown): { error: string; needed?: string } | null {
  if (error instanceof WebAPIPlatformError || (error as { code?: string })?.code === ErrorCode.PlatformError) {
    const data = (error as WebAPIPlatformError).data as WebAPICallResult & { error?: string; needed?: string };
    return { error: String(data.error ?? 'unknown'), needed: data.needed };
  }
  return null;
}

/** The errors that mean the token no longer works: the customer must reconnect. */
export const AUTH_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'team_access_not_granted',
]);

/**
 * A sync's Slack failure as a SyncError when retrying cannot fix it (the token, a scope); anything
 * else is returned as is, for the job queue to retry.
 */
export function syncFailure(error: unknown): unknown {
  const slack = slackErrorOf(error);
  if (!slack) return error;
  if (AUTH_ERRORS.has(slack.error)) return new SyncError(PASSIVE_MSG.slackAuth);
  if (slack.error === 'missing_scope')
    return new SyncError(slack.needed ? PASSIVE_MSG.slackScope(slack.needed) : PASSIVE_MSG.slackScopes);
  return error;
}

/** The sealing context of a connection's token: a sealed token moved to another row does not open. */
export const tokenContext = (connectionId: string) => `slack-token:${connectionId}`;
