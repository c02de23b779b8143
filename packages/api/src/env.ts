import { AONA_LIMITS, PASSIVE_LIMITS } from '@tieline/validation';
import { z } from 'zod';
import { parseSecretKey } from './auth/secrets';
import { isLoopbackUrl } from './http/origin';
import { DEFAULT_SLOT_LIMITS, DEFAULT_WORK_LIMITS } from './workers/fair-slots';

const ZOptionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/** Every environment variable Tieline reads, validated once at start. See README "Configuration". */
/** A Microsoft endpoint's base address: https, without a trailing slash. */
const msUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || fallback)
    .pipe(z.url({ protocol: /^https$/, error: 'Microsoft endpoints are https addresses' }))
    .transform((v) => v.replace(/\/+$/, ''))
    .default(fallback);

export const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Loopback by default: a fresh install is reachable from this machine only until configured. */
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: ZOptionalUrl,
    DATA_DIR: z.string().default('.data'),
    /**
     * Key sealing secrets at rest (TOTP secrets): base64 of 32 bytes. Unset: `$DATA_DIR/secret.key`, made
     * once. Servers sharing one PostgreSQL must all set the same value.
     */
    SECRET_KEY: z
      .string()
      .trim()
      .transform((v) => v || undefined)
      .refine(
        (v) => v === undefined || parseSecretKey(v) !== null,
        'must be the base64 of 32 bytes (openssl rand -base64 32)',
      )
      .optional(),
    SMTP_URL: ZOptionalUrl,
    MAIL_FROM: z.string().default('Tieline <no-reply@tieline.local>'),
    SUPPORT_EMAIL: z.email().default('support@tieline.local'),
    PUBLIC_URL: ZOptionalUrl,
    /**
     * Card payments (Stripe Checkout): the publishable key, the secret key and the webhook signing secret
     * turn them on together; none of them leaves them off. A half configuration is refused below.
     */
    PAYMENT_PUBLIC_KEY: z.string().trim().default(''),
    PAYMENT_SECRET_KEY: z.string().trim().default(''),
    PAYMENT_WEBHOOK_SECRET: z.string().trim().default(''),
    /**
     * The price of one respondent credit, in the currency's smallest unit (cents); at most 10,000, so the
     * largest checkout (100,000 credits) stays a 32-bit amount.
     */
    CREDIT_PRICE_CENTS: z.coerce.number().int().min(1).max(10_000).default(100),
    PAYMENT_CURRENCY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, 'must be a three-letter currency code such as usd or eur')
      .default('usd'),
    /** Where the provider's API is; unset is the provider's own. Tests point it at a local fake. */
    PAYMENT_API_URL: z
      .string()
      .trim()
      .transform((v) => v || undefined)
      .pipe(z.url({ protocol: /^https?$/ }).optional())
      .optional(),
    /**
     * Slack's Web API base address (the Slack API connector); unset is Slack's own. Tests point it at a
     * fake Slack server on loopback. Always ends with a slash (the client appends method names).
     */
    SLACK_API_URL: z
      .string()
      .trim()
      .transform((v) => v || 'https://slack.com/api/')
      .pipe(z.url({ protocol: /^https?$/ }))
      .transform((v) => (v.endsWith('/') ? v : `${v}/`))
      .default('https://slack.com/api/'),
    /**
     * Microsoft's identity platform (tokens) and Microsoft Graph (the Microsoft 365 connector); unset are
     * Microsoft's own. Tests point them at a fake Microsoft server on loopback (HTTPS: MSAL refuses any
     * other authority). No trailing slash.
     */
    MS_LOGIN_URL: msUrl('https://login.microsoftonline.com'),
    MS_GRAPH_URL: msUrl('https://graph.microsoft.com'),
    ASSET_BASE_URL: z.string().default('/assets/'),
    ANALYTICS_KEY: z.string().default(''),
    /** Where the admin app sends analytics (PostHog cloud, or a self-hosted instance); used only with a key. */
    ANALYTICS_HOST: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://us.i.posthog.com'),
    /**
     * Help > Watch Tutorial: a JSON object from admin route pattern ('/networks', '/surveys/:id/questions')
     * to the video's https address. Empty: no route has a tutorial, so the item never shows.
     */
    TUTORIAL_VIDEOS: z
      .string()
      .default('{}')
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
          return z.NEVER;
        }
      })
      .pipe(
        z.record(
          z.string().regex(/^\/[^\s]*$/, 'keys must be route paths starting with /'),
          z.url({ protocol: /^https$/ }),
        ),
      ),
    SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
    /** The /mailbox page for the embedded outbox: 'auto' opens it only on a loopback-only server. */
    MAILBOX: z.enum(['auto', 'on', 'off']).default('auto'),
    /** Turns on POST /api/base/emails/bounce for the mail system's bounce reports (Bearer token, 32+ characters). */
    BOUNCE_WEBHOOK_TOKEN: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
    /**
     * Benchmarks only (`pnpm bench direct`): 'off' answers the respondent's save through the OpenAPI bridge
     * like every other path, so both paths are measured in one run. Leave it 'on'.
     */
    DIRECT_ROUTES: z.enum(['on', 'off']).default('on'),
    /** Express 'trust proxy': false, true, a hop count, or addresses such as 'loopback' (reverse proxies). */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v) => (v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v)),
    /**
     * Completion webhooks may post to private, loopback, link-local and other non-public addresses only
     * when this is 'true' (a webhook is an owner-chosen URL fetched from inside the network: SSRF).
     */
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** How long a completion webhook receiver may take to answer before the attempt counts as failed. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Worker threads a metrics job uses for betweenness and closeness (the all-pairs part); comparisons and stability too. */
    METRICS_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * Heavy runs (AONA analyses, network metrics, large Discover summaries) at once on one server, and
     * for one account; the rest wait in line, accounts in turn (workers/fair-slots.ts, issue 36).
     */
    ANALYSIS_SLOTS: z.coerce.number().int().min(1).max(64).default(DEFAULT_SLOT_LIMITS.perServer),
    ANALYSIS_SLOTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).default(DEFAULT_SLOT_LIMITS.perAccount),
    /**
     * Workers a request starts (reading an upload, combining, turning or exporting a whole network) at
     * once on one server, and for one account; the rest wait in line, accounts in turn, up to
     * WORK_WAIT_MS, then 429 (workers/request-work.ts). Each may hold up to 1 GB.
     */
    WORK_SLOTS: z.coerce.number().int().min(1).max(64).default(DEFAULT_WORK_LIMITS.perServer),
    WORK_SLOTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).default(DEFAULT_WORK_LIMITS.perAccount),
    WORK_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(120_000),
    /** How long an AONA run or a Discover summary waits in line before answering 429 with its place. */
    ANALYSIS_WAIT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(600_000)
      .default(AONA_LIMITS.waitSeconds * 1000),
    /** Wall-clock limit of one AONA analysis (its worker is stopped past it). */
    AONA_TIME_LIMIT_MS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3_600_000)
      .default(AONA_LIMITS.runSeconds * 1000),
    /**
     * Accounts one client address may create per hour: a whole office behind one NAT signing up at once
     * needs more than the default, which otherwise keeps a script from minting accounts.
     */
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /**
     * Respondent credits granted to each new individual account at sign-up, so a first survey can have a
     * respondent list; 0 grants none. Organizations get theirs from a super admin or a credit request.
     */
    SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(100),
    /** The largest Slack export zip an upload may be (bytes; default 2 GB). Stored under $DATA_DIR/uploads until imported. */
    SLACK_EXPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 ** 3)
      .default(PASSIVE_LIMITS.exportMaxBytes),
    /** The most files (zip entries) a Slack export may hold: one per channel per day, plus the lists. */
    SLACK_EXPORT_MAX_FILES: z.coerce.number().int().min(10).max(10_000_000).default(PASSIVE_LIMITS.exportMaxEntries),
    /** Heap cap (MB) of the worker process that reads a Slack export (upload check and import). */
    SLACK_EXPORT_WORKER_HEAP_MB: z.coerce.number().int().min(16).max(16_384).default(512),
    /** Wall-clock limit (minutes) of one Slack export import, reading and writing included. */
    SLACK_EXPORT_IMPORT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(180),
  })
  .superRefine(checkPayments);
export type TEnv = z.infer<typeof ZEnv>;

const PAYMENT_KEYS = {
  PAYMENT_PUBLIC_KEY: { prefix: /^pk_(test|live)_/, what: 'a publishable key (pk_test_... or pk_live_...)' },
  PAYMENT_SECRET_KEY: { prefix: /^[sr]k_(test|live)_/, what: 'a secret key (sk_... or a restricted rk_...)' },
  PAYMENT_WEBHOOK_SECRET: { prefix: /^whsec_/, what: 'a webhook signing secret (whsec_...)' },
} as const;

/**
 * Payments are on with all three keys and off with none. Anything between stops start-up: a public key
 * alone would show a Buy button that cannot work, and keys without the webhook secret would take
 * money and never grant the credits.
 */
function checkPayments(env: Record<keyof typeof PAYMENT_KEYS, string>, ctx: z.RefinementCtx) {
  const names = Object.keys(PAYMENT_KEYS) as (keyof typeof PAYMENT_KEYS)[];
  const set = names.filter((name) => env[name] !== '');
  if (set.length === 0) return;
  for (const name of names) {
    if (env[name] === '') {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `card payments need ${names.join(', ')} together, and ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`,
      });
    } else if (!PAYMENT_KEYS[name].prefix.test(env[name])) {
      ctx.addIssue({ code: 'custom', path: [name], message: `must be ${PAYMENT_KEYS[name].what}` });
    }
  }
  const mode = (key: string) => /^[a-z]+_(test|live)_/.exec(key)?.[1];
  if (set.length === names.length && mode(env.PAYMENT_PUBLIC_KEY) !== mode(env.PAYMENT_SECRET_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_SECRET_KEY'],
      message: 'must be of the same mode (test or live) as PAYMENT_PUBLIC_KEY',
    });
  }
}

/**
 * A local install: it listens on loopback and says it is reached on loopback. A server behind a
 * reverse proxy on the same machine listens on loopback too, but its PUBLIC_URL names a public host:
 * the bind address alone proves nothing.
 */
export function isLoopbackOnly(env: Pick<TEnv, 'HOST' | 'PUBLIC_URL'>): boolean {
  const host = ['127.0.0.1', 'localhost', '::1'].includes(env.HOST) || env.HOST.startsWith('127.');
  return host && (!env.PUBLIC_URL || isLoopbackUrl(env.PUBLIC_URL));
}

/**
 * The embedded outbox can be read in the app only without SMTP, on a local install (and then only by
 * requests from this machine, see canReadMailbox) or by explicit opt-in: it holds password-reset links.
 */
export function mailboxOpen(env: TEnv): boolean {
  if (env.SMTP_URL || env.MAILBOX === 'off') return false;
  return env.MAILBOX === 'on' || isLoopbackOnly(env);
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
