import type { Server as HttpServer } from 'node:http';
import { createDb, type DbHandle, sql } from '@tieline/db';
import { MSG, NETWORK_VIEW_LIMITS, TRPC_BATCH_MAX } from '@tieline/validation';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import helmet from 'helmet';
import responseTime from 'response-time';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { loadSecretKey, secretBox } from './auth/secrets';
import { sealPlainSecrets } from './auth/two-factor';
import { createContextFactory } from './context';
import { type Deps, jobEnqueuer } from './deps';
import { mailboxOpen, type TEnv } from './env';
import { errorHeaders, failureLine } from './errors';
import { directRoute } from './http/direct-route';
import {
  errorHandler,
  refuseDeepJson,
  refuseNonObjectJson,
  requestGate,
  sameOriginJson,
  sendError,
} from './http/guards';
import { listen } from './http/listen';
import { markRestCall } from './http/rest-call';
import { serveApps } from './http/static';
import { jobHandlers, startWorker, type Worker } from './jobs/worker';
import { createMailer, type Mailer } from './mail/mailer';
import { openApiDocument } from './openapi';
import { aonaRest } from './rest/aona';
import { billingRest } from './rest/billing';
import { emailsRest } from './rest/emails';
import { LIST_MULTIPART_ROUTES, listsRest } from './rest/lists';
import { meltwaterRest } from './rest/meltwater';
import { networkChangeRest } from './rest/network-change';
import { NETWORK_MULTIPART_ROUTES, networksRest } from './rest/networks';
import { ORGANIZATION_LOGO_MULTIPART_ROUTES, organizationLogosRest } from './rest/organization-logos';
import { ORG_USERS_MULTIPART_ROUTES, organizationUsersRest } from './rest/organization-users';
import { PASSIVE_DATA_MULTIPART_ROUTES, passiveDataRest } from './rest/passive-data';
import { PASSIVE_LIST_MULTIPART_ROUTES, passiveListsRest } from './rest/passive-lists';
import { passiveReportsRest } from './rest/passive-reports';
import { PROFILE_MULTIPART_ROUTES, profileRest } from './rest/profile';
import { responsesRest } from './rest/responses';
import { samlRest } from './rest/saml';
import { SURVEY_MULTIPART_ROUTES, surveysRest } from './rest/surveys';
import { appRouter } from './root';
import { ACCEPTED_PROCEDURES } from './routers/emails/emails.router';
import { seedDiscoverExamples } from './seed/discover-examples';
import { createPaymentProvider } from './services/billing/create-provider';
import { welcomeShell } from './services/responses/welcome-shell';
import { createStorage } from './storage';
import { FairSlots } from './workers/fair-slots';

export const BODY_LIMIT_BYTES = 100_000;
/** A respondent's save carries all their answers (a matrix of 1,000 people, long texts): more room. */
export const SAVE_BODY_LIMIT_BYTES = 2_000_000;

export interface ServerOptions {
  env: TEnv;
  /** An open database (tests pass their own); otherwise one is opened from env. */
  dbHandle?: DbHandle;
  staticDirs?: { admin: string; respondent: string };
  migrationsFolder?: string;
}

export interface Server {
  app: express.Express;
  deps: Deps;
  worker: Worker;
  mailer: Mailer;
  dbHandle: DbHandle;
  /** Listens with Tieline's connection settings (http/listen.ts); resolves once listening. */
  listen: (port: number, host: string) => Promise<HttpServer>;
  close: () => Promise<void>;
}

export async function createServer(opts: ServerOptions): Promise<Server> {
  const { env } = opts;
  const dbHandle =
    opts.dbHandle ??
    (await createDb({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/pglite`,
      migrationsFolder: opts.migrationsFolder,
    }));
  const { db } = dbHandle;
  const log = env.LOG_LEVEL === 'silent' ? () => {} : (e: unknown) => console.error(e);
  const mailer = createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const secrets = secretBox(loadSecretKey(env));
  const stored = await sealPlainSecrets(db, secrets);
  if (!stored.keyOpensStored) {
    log(new Error('SECRET_KEY does not open the stored two-factor secrets: two-factor sign-ins will fail'));
  }
  // Tieline's curated Discover examples, on every install (inserted or refreshed when their files change).
  await seedDiscoverExamples(db);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // The worker runs jobs with deps, and deps wake the worker on enqueue: tie the knot after both exist.
  let wake = () => {};
  const deps: Deps = {
    db,
    env,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    mailMode: mailer.mode,
    mailboxOpen: mailboxOpen(env),
    storage: createStorage(env),
    secrets,
    enqueue: jobEnqueuer(db, () => wake()),
    payments: await createPaymentProvider(env),
    analysisSlots: new FairSlots({ perServer: env.ANALYSIS_SLOTS, perAccount: env.ANALYSIS_SLOTS_PER_ACCOUNT }),
    workSlots: new FairSlots({ perServer: env.WORK_SLOTS, perAccount: env.WORK_SLOTS_PER_ACCOUNT }),
  };
  const worker = startWorker(db, jobHandlers({ ...deps, mailer }), {
    onError: log,
    autoStart: env.NODE_ENV !== 'test',
  });
  wake = worker.wake;
  const createContext = createContextFactory(deps);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.use(requestGate(publicUrl));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Rich text may show images by https address (the toolbar's Add Image takes a URL); images run no code.
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'frame-src': ["'self'"],
          // The admin app reports to the analytics service only when a key is configured; nowhere else.
          'connect-src': ["'self'", ...(env.ANALYTICS_KEY ? [new URL(env.ANALYTICS_HOST).origin] : [])],
          'upgrade-insecure-requests': publicUrl.startsWith('https://') ? [] : null,
        },
      },
      strictTransportSecurity: publicUrl.startsWith('https://'),
    }),
  );

  const api = express.Router();
  // How long the server took (Server-Timing, shown by browsers' developer tools): what the respondent
  // budgets of docs/BENCHMARKS.md are judged by, apart from the network between client and server.
  api.use(responseTime((_req, res, ms) => res.setHeader('Server-Timing', `app;dur=${ms.toFixed(1)}`)));
  // Unexpected failures, and the payment provider's, reach the log; the client only ever sees our message.
  // An outside service that failed (BAD_GATEWAY) is expected: one line with its causes, no stack.
  const onError = ({ error, path }: { error: TRPCError; path?: string | undefined }) => {
    if (error.code === 'BAD_GATEWAY') log(failureLine(error.cause ?? error, path));
    else if (error.code === 'INTERNAL_SERVER_ERROR') log(error.cause ?? error);
  };
  // A respondent's save is the hottest path (every page of every respondent): its procedure is called
  // directly, ahead of every other route and the bridge, behind the same guards. It earns its place by
  // docs/benchmarks-history.md "Direct route against the OpenAPI bridge" (server CPU per save 1.24-1.44x lower).
  if (env.DIRECT_ROUTES === 'on') {
    api.put(
      '/base/responses/:randomUUID',
      sameOriginJson(deps.publicOrigin),
      express.json({ limit: SAVE_BODY_LIMIT_BYTES, verify: refuseDeepJson }),
      refuseNonObjectJson,
      directRoute({
        router: appRouter,
        createContext,
        onError,
        path: 'responses.save',
        input: (req) => ({ ...req.body, randomUUID: req.params.randomUUID }),
        call: (caller, input) => caller.responses.save(input as Parameters<typeof caller.responses.save>[0]),
      }),
    );
  }
  // Reached from mail clients and the mail system, not our pages: before the same-origin guard.
  api.use('/base', emailsRest(deps));
  // The SAML ACS is a cross-site form post by design (the IdP's page sends it): before the guard too.
  const warn = env.LOG_LEVEL === 'info' ? (line: string) => console.warn(line) : () => {};
  api.use('/base', samlRest(deps, warn));
  // The payment provider's signed events: raw bodies, from the provider's servers.
  api.use('/base', billingRest(deps, env.LOG_LEVEL === 'silent' ? () => {} : (line) => console.error(line)));
  api.use(
    sameOriginJson(deps.publicOrigin, [
      ...LIST_MULTIPART_ROUTES,
      ...SURVEY_MULTIPART_ROUTES,
      ...NETWORK_MULTIPART_ROUTES,
      ...ORG_USERS_MULTIPART_ROUTES,
      ...PROFILE_MULTIPART_ROUTES,
      ...ORGANIZATION_LOGO_MULTIPART_ROUTES,
      ...PASSIVE_LIST_MULTIPART_ROUTES,
      ...PASSIVE_DATA_MULTIPART_ROUTES,
    ]),
  );
  api.get('/health', async (_req, res) => {
    await db.execute(sql`select 1`);
    res.json({ ok: true, database: dbHandle.kind });
  });
  // tRPC reads its own bodies (limit -> 413, bad JSON -> 400); the REST bridges get express.json.
  const responseMeta = ({ errors }: { errors: TRPCError[] }) => ({ headers: errorHeaders(errors) });
  api.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext,
      onError,
      responseMeta,
      maxBodySize: BODY_LIMIT_BYTES,
      // A batch is one request to the limits; keep it small so it cannot multiply costly work.
      maxBatchSize: TRPC_BATCH_MAX,
    }),
  );
  // Built on first request, not at start-up.
  let doc: ReturnType<typeof openApiDocument> | undefined;
  api.get('/base/openapi.json', (_req, res) => {
    doc ??= openApiDocument();
    res.json(doc);
  });
  // Uploads (multipart, their own size limit) and file downloads, before the JSON body parser.
  api.use('/base', listsRest(deps));
  api.use('/base', surveysRest(deps));
  api.use('/base', responsesRest(deps));
  api.use('/base', networksRest(deps));
  api.use('/base', networkChangeRest(deps));
  api.use('/base', organizationUsersRest(deps));
  api.use('/base', profileRest(deps));
  api.use('/base', organizationLogosRest(deps));
  api.use('/base', passiveListsRest(deps));
  api.use('/base', passiveDataRest(deps));
  api.use('/base', passiveReportsRest(deps));
  api.use('/base', aonaRest(deps));
  // A Meltwater export is sent as JSON (spec platform §7), up to 20 MB of it: read in a worker, body and all.
  api.use('/base', meltwaterRest(deps));
  // A save carries all of a respondent's answers (reached here only with DIRECT_ROUTES=off).
  api.put('/base/responses/:randomUUID', express.json({ limit: SAVE_BODY_LIMIT_BYTES, verify: refuseDeepJson }));
  // A saved view carries the layout of every person shown: its routes take larger bodies.
  const viewBody = express.json({ limit: NETWORK_VIEW_LIMITS.bodyMaxBytes, verify: refuseDeepJson });
  api.post('/base/networks/:id/views', viewBody);
  api.put('/base/networks/:id/views/:viewId', viewBody);
  api.use('/base', express.json({ limit: BODY_LIMIT_BYTES, verify: refuseDeepJson }), refuseNonObjectJson);
  api.use(
    '/base',
    markRestCall,
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext,
      onError,
      responseMeta: (opts: { paths?: readonly string[]; errors: TRPCError[] }) => ({
        ...responseMeta(opts),
        ...(opts.errors.length === 0 && opts.paths?.some((p) => ACCEPTED_PROCEDURES.has(p)) ? { status: 202 } : {}),
      }),
      maxBodySize: BODY_LIMIT_BYTES,
    }),
  );
  api.use((_req, res) => sendError(res, 'NOT_FOUND', MSG.notFound));
  app.use('/api', api);
  if (opts.staticDirs) serveApps(app, opts.staticDirs, (id) => welcomeShell(deps, id));
  app.use(errorHandler(log));

  return {
    app,
    deps,
    worker,
    mailer,
    dbHandle,
    listen: (port, host) => listen(app, port, host),
    close: async () => {
      await worker.stop();
      mailer.close();
      if (!opts.dbHandle) await dbHandle.close();
    },
  };
}
