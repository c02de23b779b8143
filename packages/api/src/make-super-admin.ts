import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@tieline/db';
import { loadEnv } from './env';
import { makeSuperAdmin } from './services/admin-users/make-super-admin';

// `pnpm --filter @tieline/api make-super-admin <email>` (README "Administration"): runs against the same
// DATABASE_URL / DATA_DIR as the server, from the repository root like `pnpm start`.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function main() {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) {
    console.error('Usage: pnpm --filter @tieline/api make-super-admin <email>');
    return 2;
  }
  const env = loadEnv();
  const dbHandle = await createDb({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/pglite`,
    migrationsFolder: join(root, 'packages/db/drizzle'),
  });
  try {
    const problem = await makeSuperAdmin(dbHandle.db, email);
    if (problem) {
      console.error(problem);
      return 1;
    }
    console.log(`${email} is now a super admin (role Admin); they sign in again to use it.`);
    return 0;
  } finally {
    await dbHandle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
