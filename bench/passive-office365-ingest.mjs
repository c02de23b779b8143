// Microsoft 365 email metadata ingest (issue 23): a generated tenant of 200 mailboxes x 300 sent messages
// (90 days) served by the tests' fake Graph (packages/api/test/fake-microsoft.ts) on loopback over HTTPS,
// read by the real email source (delta pages, people by address, replaceMessages), against a baseline
// in the same run: the same pages fetched with plain fetch, the same rule per message, the same rows
// COPYed into a scratch table without indexes. Then the daily incremental (one new message in 5% of the
// mailboxes, every mailbox asked from its delta link). Each phase runs in its own process
// (bench/passive-office365-ingest-child.ts under tsx); PostgreSQL (DATABASE_URL or the local test
// server) in ABBA order, then PGlite once each. Extrapolated to 5,000 mailboxes x 90 days (~9,000,000
// messages) with Graph's documented Outlook limits. Imported by bench/run.mjs as `o365ingest`; alone:
// node bench/passive-office365-ingest.mjs [mailboxes] [messagesPerMailbox].
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const api = join(root, 'packages/api');
const PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CERT = join(api, 'test/fixtures/tls/loopback.crt');

function child(args, env) {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/passive-office365-ingest-child.ts'), ...args],
    {
      cwd: api,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: CERT, ...env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 ** 2,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** Graph's documented limits for Outlook resources (learn.microsoft.com/graph/throttling-limits). */
const LIMITS = {
  perMailboxRequestsPer10Min: 10_000,
  perMailboxConcurrent: 4,
  perAppRequestsPer10s: 130_000,
};
/** The customer of the budget. */
const TARGET = { mailboxes: 5_000, messages: 9_000_000 };
/** Mailboxes the source reads at once (MAILBOX_CONCURRENCY in connectors/office365/writes.ts). */
const POOL = 4;

export async function passiveOffice365Ingest(mailboxes = 200, per = 300) {
  const result = { tenant: { mailboxes, messagesPerMailbox: per, messages: mailboxes * per } };
  for (const [name, env, order] of [
    ['postgres', { DATABASE_URL: PG }, ['baseline', 'ingest', 'ingest', 'baseline']],
    ['pglite', { DATABASE_URL: '' }, ['baseline', 'ingest']],
  ]) {
    const runs = { baseline: [], ingest: [] };
    for (const phase of order) runs[phase].push(child([phase, String(mailboxes), String(per)], env));
    const mean = (xs, f = (r) => r.ms) => xs.reduce((a, r) => a + f(r), 0) / xs.length;
    const [ingest] = runs.ingest;
    const ingestMs = mean(runs.ingest);
    result[name] = {
      ingestMs: Math.round(ingestMs),
      baselineMs: Math.round(mean(runs.baseline)),
      ratio: Number((ingestMs / mean(runs.baseline)).toFixed(2)),
      ingestRunsMs: runs.ingest.map((r) => Math.round(r.ms)),
      baselineRunsMs: runs.baseline.map((r) => Math.round(r.ms)),
      messagesPerSecond: Math.round(ingest.messages / (ingestMs / 1000)),
      rows: ingest.rows,
      baselineRows: runs.baseline[0].rows,
      graphCalls: ingest.calls,
      directoryMs: Math.round(mean(runs.ingest, (r) => r.directoryMs)),
      dailyMs: Math.round(mean(runs.ingest, (r) => r.dailyMs)),
      dailyCalls: ingest.dailyCalls,
      dailyChanged: ingest.dailyChanged,
      ingestPeakRssMb: Math.max(...runs.ingest.map((r) => r.peakRssMb)),
      baselinePeakRssMb: Math.max(...runs.baseline.map((r) => r.peakRssMb)),
    };
    console.error(name, JSON.stringify(result[name]));
  }
  // The 5,000-mailbox tenant: what this machine's ingest takes, and what Graph's limits allow.
  const pg = result.postgres;
  const perMailbox = TARGET.messages / TARGET.mailboxes;
  const requests = (page) => TARGET.mailboxes * Math.ceil(perMailbox / page);
  result.extrapolation = {
    assumed: {
      ...LIMITS,
      pool: POOL,
      note: 'per-mailbox limits apply to each mailbox apart; the source asks pages of 500 (Prefer odata.maxpagesize), Graph may answer fewer (100 taken as the worst case)',
    },
    ingestHoursAtMeasuredRate: Number((TARGET.messages / pg.messagesPerSecond / 3600).toFixed(2)),
    requestsAtPage500: requests(500),
    requestsAtPage100: requests(100),
    // One mailbox needs ceil(1,800 / page) requests: far below 10,000 per 10 minutes; four mailboxes at
    // once make at most 4 requests in flight overall, each mailbox one (its limit is 4).
    perMailboxLimitMinutes: Number(((Math.ceil(perMailbox / 100) / LIMITS.perMailboxRequestsPer10Min) * 10).toFixed(3)),
    globalLimitSeconds: Number(((requests(100) / LIMITS.perAppRequestsPer10s) * 10).toFixed(1)),
    dailyHoursAtMeasuredRate: Number((((pg.dailyMs / mailboxes) * TARGET.mailboxes) / 3_600_000).toFixed(3)),
    dailyRequests: TARGET.mailboxes,
  };
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mailboxes, per] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await passiveOffice365Ingest(mailboxes || 200, per || 300), null, 2));
}
