import { mkdtempSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, organizations, userLogins, users } from '@tieline/db';
import { createTestDb } from '@tieline/db/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { generateSecret } from 'otplib';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { hashPassword } from '../src/auth/password';
import { createSession, SESSION_COOKIE } from '../src/auth/session';
import { enableTwoFactor, sealTotpSecret } from '../src/auth/two-factor';
import { loadEnv } from '../src/env';
import type { AppRouter } from '../src/root';
import { createServer, type Server } from '../src/server';
import { defaultModules } from '../src/services/users/user-wire';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Quoted-printable undone, so links read as sent. */
  body: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives; `rejects(address)` makes it answer 550 to
 * that recipient, as a receiving server does for an unknown mailbox; `delayMs` slows each answer.
 * `holdAt: n` never answers the n-th message (from 0): its sender waits there, a fixed point for a kill
 * mid-send, and the message goes to `held`, not `inbox` (a server that never said 250 did not accept it).
 */
export async function startSmtp(
  opts: { port?: number; rejects?: (address: string) => boolean; delayMs?: number; holdAt?: number } = {},
) {
  const inbox: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let messages = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      if (opts.rejects?.(address.address)) {
        return done(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      }
      done();
    },
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        const body = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, body };
        if (messages++ === opts.holdAt) return void held.push(mail);
        inbox.push(mail);
        // A slower server (kill tests need time to land mid-send).
        if (opts.delayMs) setTimeout(done, opts.delayMs);
        else done();
      });
    },
  });
  // A sender that goes away mid-message (the kill -9 tests kill the server while it sends) resets its
  // connection; smtp-server reports that inside a mail transaction as the server's 'error', which with no
  // listener is an uncaught exception of the test run. A receiving server drops that connection and goes
  // on, as this one now does; any other error still throws.
  smtp.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    throw err;
  });
  await new Promise<void>((resolve) => smtp.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    inbox,
    held,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

export interface TestApp {
  url: string;
  server: Server;
  inbox: ReceivedMail[];
  /** Delivers queued mail now (the worker does not poll in tests). */
  flushMail: () => Promise<void>;
  /** The newest link in mail to `to` whose path starts with `prefix`, e.g. '/verifyEmail/'. */
  linkFor: (to: string, prefix: string) => Promise<string>;
  close: () => Promise<void>;
}

/** The real server on a fresh database and a real SMTP server, listening on loopback. */
export async function startTestApp(
  opts: {
    smtp?: boolean;
    smtpRejects?: (address: string) => boolean;
    env?: Record<string, string>;
    staticDirs?: { admin: string; respondent: string };
    /** The embedded database in files under DATA_DIR, opened by the server as `main.ts` opens it. */
    fileDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  const smtp = opts.smtp === false ? null : await startSmtp({ rejects: opts.smtpRejects });
  const dbHandle = opts.fileDatabase ? null : await createTestDb();
  // Clients pose as distinct addresses behind a trusted proxy, as real users are, so per-address limits
  // apply per test client rather than to the whole file.
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Files (survey images, ...) go to a directory of this test file's own.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tieline-test-data-')),
    SMTP_URL: smtp?.url,
    PORT: '0',
    TRUST_PROXY: 'loopback',
    ...opts.env,
  });
  const server = await createServer({
    env,
    ...(dbHandle ? { dbHandle } : {}),
    ...(opts.staticDirs ? { staticDirs: opts.staticDirs } : {}),
  });
  const listener = await server.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // Links in mail point at the public URL; tests read their path only.
  const flushMail = () => server.worker.drain();
  return {
    url,
    server,
    inbox: smtp?.inbox ?? [],
    flushMail,
    linkFor: async (to, prefix) => {
      await flushMail();
      const pattern = new RegExp(`https?://[^\\s"<>]+${prefix}[a-z0-9]+`);
      const links = (smtp?.inbox ?? []).filter((m) => m.to.includes(to)).map((m) => m.body.match(pattern)?.[0]);
      const link = links.filter(Boolean).at(-1);
      if (!link) throw new Error(`No ${prefix} link in ${links.length} mail(s) to ${to}`);
      return new URL(link).pathname;
    },
    close: async () => {
      listener.closeAllConnections();
      await new Promise((r) => listener.close(r));
      await server.close();
      await dbHandle?.close();
      await smtp?.close();
    },
  };
}

/** A browser-like HTTP client with a cookie jar, speaking JSON to the REST bridges. */
export class RestClient {
  cookie = '';
  constructor(
    readonly base: string,
    readonly address = randomAddress(),
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        'x-forwarded-for': this.address,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('tieline_session='));
    if (setCookie) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value === 'tieline_session=' ? '' : value;
    }
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  }
  get(path: string) {
    return this.call('GET', `/api/base${path}`);
  }
  post(path: string, body: unknown = {}) {
    return this.call('POST', `/api/base${path}`, body);
  }
}

export function randomAddress() {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

let counter = 0;
export function newAccount(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Test ${id}`, username: id, email: `${id}@example.com`, password: 'correct horse battery' };
}

/** The tRPC client the admin app uses, with a cookie jar standing in for the browser. */
export function trpcClient(app: TestApp, address = randomAddress()) {
  let cookie = '';
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${app.url}/api/trpc`,
        fetch: async (url, init) => {
          const res = await fetch(url, {
            ...init,
            headers: { ...(init?.headers as object), cookie, 'x-forwarded-for': address },
          });
          const set = res.headers.getSetCookie().find((c) => c.startsWith('tieline_session='));
          if (set) cookie = set.split(';')[0]!;
          return res;
        },
      }),
    ],
  });
}

/** The message and HTTP status a tRPC call was refused with (fails the test if it succeeded). */
export async function rejection(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const e = error as TRPCClientError<AppRouter>;
  return { message: e.message, status: e.data?.httpStatus };
}

/**
 * Two-factor sign-in on, written as enrolment writes it (sealed secret, hashed recovery codes) but
 * without the password and QR steps; returns the secret.
 */
export async function turnOnTwoFactor(app: TestApp, email: string, secret = generateSecret()) {
  return (await turnOnTwoFactorWithCodes(app, email, secret)).secret;
}

/** turnOnTwoFactor, also answering the recovery codes enrolment would show. */
export async function turnOnTwoFactorWithCodes(app: TestApp, email: string, secret = generateSecret()) {
  const { db, secrets } = app.server.deps;
  const [login] = await db.select({ id: userLogins.id }).from(userLogins).where(eq(userLogins.email, email));
  if (!login) throw new Error(`No login ${email}`);
  const sealedSecret = sealTotpSecret(secrets, login.id, secret);
  const recoveryCodes = await enableTwoFactor(db, login.id, { sealedSecret, step: null, mobileNumber: null });
  return { secret, recoveryCodes: recoveryCodes! };
}

/**
 * One HTTP request with exactly the given headers and raw path (fetch would normalize a malformed
 * %-escape, refuse TRACE, and set Host itself). Answers status, headers and the parsed JSON body.
 */
export function rawRequest(
  base: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
): Promise<{ status: number; headers: IncomingHttpHeaders; body: any }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Who a seeded user is: an individual user, a member of a new organization, or a super admin. */
export type SeedRole = 'individual' | 'owner' | 'admin' | 'simplified' | 'superAdmin';
const SEED_PERMISSION = { owner: 'Owner', admin: 'Admin', simplified: 'Simplified Access-only' } as const;

export interface SeededUser {
  loginId: string;
  userId: string;
  organizationId: string | null;
  email: string;
  password: string;
  /** A Cookie header value holding an open session of this user. */
  cookie: string;
}

/**
 * A login with one user and an open session, written straight to the database: no sign-up, mail or
 * rate limit involved, so tables of cases can seed one per case. The password signs in only with
 * `withPassword` (argon2 takes time).
 */
export async function seedUser(
  app: TestApp,
  role: SeedRole = 'individual',
  opts: { withPassword?: boolean } = {},
): Promise<SeededUser> {
  const { db } = app.server.deps;
  const account = newAccount(role.toLowerCase());
  const passwordHash = opts.withPassword ? await hashPassword(account.password) : 'seeded-without-password';
  const [login] = await db
    .insert(userLogins)
    .values({ email: account.email, username: account.username, name: account.name, passwordHash })
    .returning();
  const permission = role in SEED_PERMISSION ? SEED_PERMISSION[role as keyof typeof SEED_PERMISSION] : null;
  const [org] = permission
    ? await db
        .insert(organizations)
        .values({ name: `Org of ${account.username}`, modules: defaultModules() })
        .returning()
    : [];
  const [user] = await db
    .insert(users)
    .values({
      userLoginId: login!.id,
      organizationId: org?.id ?? null,
      permission,
      role: role === 'superAdmin' ? 'Admin' : 'User',
      modules: defaultModules(org),
    })
    .returning();
  const { token } = await createSession(db, login!.id, user!.id);
  return {
    loginId: login!.id,
    userId: user!.id,
    organizationId: org?.id ?? null,
    email: account.email,
    password: account.password,
    cookie: `${SESSION_COOKIE}=${token}`,
  };
}

/**
 * A signed-up login (signed in through its tRPC client) with an individual user and an owner seat in a
 * new organization "Globex": the choose-organization and account-switch cases.
 */
export async function signedUpWithTwoUsers(app: TestApp) {
  const trpc = trpcClient(app);
  const account = newAccount();
  const { user } = await trpc.userLogins.signUp.mutate(account);
  const { db } = app.server.deps;
  const [org] = await db.insert(organizations).values({ name: 'Globex', modules: defaultModules() }).returning();
  const [member] = await db
    .insert(users)
    .values({
      userLoginId: user.userLogin._id,
      organizationId: org!.id,
      permission: 'Owner',
      modules: defaultModules(org),
    })
    .returning();
  return { trpc, account, individualId: user._id, memberId: member!.id, org: org! };
}

const operators = new WeakMap<TestApp, Promise<SeededUser>>();

/**
 * Respondent credits for a seeded user's account (their organization's, else their own), granted as an
 * operator grants them: a super admin's adjustCredits. Tests that upload respondent lists start here.
 */
export async function grantCredits(
  app: TestApp,
  user: Pick<SeededUser, 'userId' | 'organizationId'>,
  credits = 10_000,
) {
  if (!operators.has(app)) operators.set(app, seedUser(app, 'superAdmin'));
  const operator = await operators.get(app)!;
  const admin = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${app.url}/api/trpc`,
        headers: { cookie: operator.cookie, 'x-forwarded-for': randomAddress() },
      }),
    ],
  }).admin;
  const grant = { credits, note: 'Test grant' };
  if (user.organizationId) await admin.organizations.adjustCredits.mutate({ id: user.organizationId, ...grant });
  else await admin.users.adjustCredits.mutate({ id: user.userId, ...grant });
}
