// Slack export ingest (issue 22): a generated export of about 1,000,000 messages (the seed's generator,
// packages/api/src/connectors/slack/generate-export.ts) imported through the real syncer, against a
// baseline in the same run: the same zip read, the same day files parsed with the same rules and the
// same rows COPYed into a scratch table without indexes. Each phase runs in its own process
// (bench/passive-ingest-child.ts under tsx) for its own peak RSS; PostgreSQL (DATABASE_URL or the local
// test server) for the budget, then PGlite, reported. Imported by bench/run.mjs as the `ingest` entry;
// alone: node bench/passive-ingest.mjs [messages].
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

const api = join(root, 'packages/api');
const PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

function child(args, env) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: api,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 ** 2,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

export async function passiveIngest(messages = 1_000_000) {
  const dir = mkdtempSync(join(tmpdir(), 'tieline-ingest-'));
  const zip = join(dir, 'export.zip');
  try {
    // 400 people, 30 channels, 8 private channels, 150 DMs, 40 group DMs over 90 days.
    const days = 90;
    const generated = child(
      [
        '-e',
        `import { writeSlackExport } from './src/connectors/slack/generate-export.ts';
         const t = performance.now();
         const s = await writeSlackExport(${JSON.stringify(zip)}, { seed: 22, people: 400, channels: 30,
           privateChannels: 8, dms: 150, mpims: 40, days: ${days}, messagesPerDay: ${Math.round(messages / days)} });
         console.log(JSON.stringify({ ...s, ms: performance.now() - t }));`,
      ],
      {},
    );
    const uploads = join(dir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    const key = 'slack-export-00000000-0000-0000-0000-000000000022.zip';
    const run = (phase, env) => {
      rmSync(join(uploads, key), { force: true });
      linkSync(zip, join(uploads, key));
      return child([join(root, 'bench/passive-ingest-child.ts'), phase, join(uploads, key)], env);
    };
    const result = { generated };
    // PostgreSQL in ABBA order (baseline, ingest, ingest, baseline), each figure the mean of its two
    // runs, so a machine slowing down or warming up weighs on both alike; PGlite once each.
    for (const [name, env, order] of [
      ['postgres', { DATABASE_URL: PG }, ['baseline', 'ingest', 'ingest', 'baseline']],
      ['pglite', { DATABASE_URL: '' }, ['baseline', 'ingest']],
    ]) {
      const runs = { baseline: [], ingest: [] };
      for (const phase of order) runs[phase].push(run(phase, env));
      const mean = (xs) => xs.reduce((a, r) => a + r.ms, 0) / xs.length;
      const [ingest] = runs.ingest;
      const [baseline] = runs.baseline;
      result[name] = {
        ingestMs: Math.round(mean(runs.ingest)),
        baselineMs: Math.round(mean(runs.baseline)),
        ratio: Number((mean(runs.ingest) / mean(runs.baseline)).toFixed(2)),
        ingestRunsMs: runs.ingest.map((r) => Math.round(r.ms)),
        baselineRunsMs: runs.baseline.map((r) => Math.round(r.ms)),
        rows: ingest.rows,
        baselineRows: baseline.rows,
        messagesWithInteractions: ingest.messages,
        ingestPeakRssMb: Math.max(...runs.ingest.map((r) => r.peakRssMb)),
        baselinePeakRssMb: Math.max(...runs.baseline.map((r) => r.peakRssMb)),
      };
      console.error(name, JSON.stringify(result[name]));
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await passiveIngest(Number(process.argv[2] ?? 1_000_000)), null, 2));
}
