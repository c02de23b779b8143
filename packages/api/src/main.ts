import type { Server as HttpServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteExpiredLimits } from './auth/rate-limit';
import { deleteExpiredSessions } from './auth/session';
import { tickPassiveSchedule } from './connectors/schedule';
import { sweepUploads } from './connectors/slack/export-upload';
import { isLoopbackOnly, loadEnv } from './env';
import { personalLink, testLink } from './mail/links';
import { DEMO, seedDemo } from './seed/demo';
import { createServer } from './server';

// Both src/main.ts (dev) and dist/server.js (built) sit one folder below packages/api.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function main() {
  const started = performance.now();
  const env = loadEnv();
  // Libraries (express, trpc-to-openapi) read NODE_ENV themselves; make them agree with our default.
  process.env.NODE_ENV = env.NODE_ENV;
  const server = await createServer({
    env,
    migrationsFolder: join(root, 'packages/db/drizzle'),
    staticDirs: { admin: join(root, 'apps/admin/dist'), respondent: join(root, 'apps/respondent/dist') },
  });
  const { deps, dbHandle } = server;
  let listener: HttpServer;
  let demo: Awaited<ReturnType<typeof seedDemo>> | null;
  try {
    // 'auto' seeds only a local install: embedded database, listening on and reached at loopback.
    const seed =
      env.SEED_DEMO === 'yes' || (env.SEED_DEMO === 'auto' && dbHandle.kind === 'pglite' && isLoopbackOnly(env));
    if (env.SEED_DEMO === 'auto' && dbHandle.kind === 'pglite' && !isLoopbackOnly(env)) {
      console.log('Demo data not seeded: this server is not a local install (HOST or PUBLIC_URL is not loopback).');
    }
    // Uploads no import will read (left by a crash, a disconnect, an upload cut off): this server's data
    // directory, so each server sweeps its own, at start and daily (connectors/slack/export-upload.ts).
    await sweepUploads(deps).catch(console.error);
    demo = seed ? await seedDemo({ ...deps, mailer: server.mailer }) : null;
    listener = await server.listen(env.PORT, env.HOST);
  } catch (error) {
    // Close the database (and release the data directory) before exiting.
    await server.close().catch(console.error);
    throw error;
  }

  const ms = Math.round(performance.now() - started);
  console.log(`Tieline is running at ${deps.publicUrl} (${dbHandle.kind} database, ready in ${ms} ms)`);
  if (deps.mailboxOpen) {
    console.log(`Mail goes to the embedded outbox at ${deps.publicUrl}/mailbox (set SMTP_URL to send real mail).`);
  } else if (deps.mailMode === 'outbox') {
    console.warn(
      'No SMTP_URL: mail is kept in the database outbox and not delivered, and /mailbox stays closed because this is not a local install (HOST or PUBLIC_URL is not loopback). Set SMTP_URL, or MAILBOX=on to open it to everyone.',
    );
  }
  if (demo) {
    console.log(`Demo login: ${DEMO.email} / ${DEMO.password}`);
    if (demo.responseUUID) console.log(`Demo survey link: ${personalLink(deps.publicUrl, demo.responseUUID)}`);
    if (demo.testEmailId) console.log(`Demo test link: ${testLink(deps.publicUrl, demo.testEmailId)}`);
  }

  const cleanup = setInterval(() => {
    void deleteExpiredSessions(deps.db)
      .then(() => deleteExpiredLimits(deps.db))
      .catch(console.error);
  }, 3_600_000);
  cleanup.unref();
  // Passive data: daily syncs, the daily retention purge and settings re-applied (connectors/schedule.ts),
  // each claimed in the database so that with several servers it happens once.
  const schedule = setInterval(() => {
    void tickPassiveSchedule(deps).catch(console.error);
  }, 60_000);
  schedule.unref();
  const sweep = setInterval(() => {
    void sweepUploads(deps).catch(console.error);
  }, 86_400_000);
  sweep.unref();

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    clearInterval(cleanup);
    clearInterval(schedule);
    clearInterval(sweep);
    listener.close();
    listener.closeAllConnections();
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
