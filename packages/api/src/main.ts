import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteExpiredLimits } from './auth/rate-limit';
import { deleteExpiredSessions } from './auth/session';
import { isLoopbackOnly, loadEnv } from './env';
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
  // 'auto' seeds only a local install: embedded database and reachable from this machine only.
  const seed =
    env.SEED_DEMO === 'yes' || (env.SEED_DEMO === 'auto' && dbHandle.kind === 'pglite' && isLoopbackOnly(env));
  const demo = seed ? await seedDemo(deps.db) : null;

  const listener = server.app.listen(env.PORT, env.HOST, () => {
    const ms = Math.round(performance.now() - started);
    console.log(`Tieline is running at ${deps.publicUrl} (${dbHandle.kind} database, ready in ${ms} ms)`);
    if (deps.mailboxOpen) {
      console.log(`Mail goes to the embedded outbox at ${deps.publicUrl}/mailbox (set SMTP_URL to send real mail).`);
    } else if (deps.mailMode === 'outbox') {
      console.warn('No SMTP_URL: mail is kept in the database outbox and not delivered. Set SMTP_URL (or MAILBOX=on).');
    }
    if (demo) {
      console.log(`Demo login: ${DEMO.email} / ${DEMO.password}`);
      if (demo.responseUUID) console.log(`Demo survey link: ${deps.publicUrl}/responses/${demo.responseUUID}`);
    }
  });

  const cleanup = setInterval(() => {
    void deleteExpiredSessions(deps.db)
      .then(() => deleteExpiredLimits(deps.db))
      .catch(console.error);
  }, 3_600_000);
  cleanup.unref();

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    clearInterval(cleanup);
    listener.close();
    listener.closeAllConnections();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
