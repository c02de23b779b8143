// A 50,000-row respondent list upload against SheetJS alone parsing the same file. Imported by
// bench/run.mjs as the `lists` entry.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, demoOwner, median, root } from './lib.mjs';
import { psql } from './respondent-api.mjs';

/**
 * A 50,000-row respondent list uploaded end to end over HTTP (multipart, format checks, reading the
 * sheet, the shared rules, one transaction storing 50,000 nodes and 50,000 personal links) against
 * SheetJS alone parsing the same file (`read` + `sheet_to_json`, default options) in this process,
 * alternated so both meet the same load. Each timed upload follows a one-row upload, so it inserts
 * every row. CPU time beside the wall time: of the server process and this database's PostgreSQL
 * backends per upload, of this process per parse (a loaded machine stretches wall time far more).
 */
export async function lists({ results, startServer }) {
  const XLSX = await import(join(root, 'packages/api/node_modules/@e965/xlsx/xlsx.mjs'));
  const rows = [['Name', 'Email', 'Department', 'Age']];
  for (let i = 0; i < 50_000; i++)
    rows.push([`Person ${i}`, `person.${i}@example.com`, `Dept ${i % 20}`, 20 + (i % 40)]);
  const book = (aoa) => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Sheet1');
    return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true });
  };
  const file = book(rows);
  const small = book(rows.slice(0, 2));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `tieline_bench_l_${process.pid}`;
  execSync(`psql "${pgUrl}" -qc "create database ${dbName}"`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tieline-bench-'));
  const engines = {
    pglite: { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'yes' },
    postgres: { DATABASE_URL: pgUrl.replace(/\/[^/]*$/, `/${dbName}`), SEED_DEMO: 'yes' },
  };
  results.lists = {
    what: 'POST /api/base/lists/uploadRespondentList of a 50,000-row xlsx (4 columns) vs SheetJS read + sheet_to_json of the same file; median of 3',
    fileBytes: file.length,
    budgetRatio: 3,
  };
  try {
    for (const [engine, env] of Object.entries(engines)) {
      const srv = await startServer(4395, env);
      try {
        const api = `${srv.base}/api/base`;
        const link = srv.output().match(/\/responses\/([0-9a-f-]{36})/)?.[1];
        const { surveyId, cookie } = await demoOwner(api, link);
        const backends = () =>
          env.DATABASE_URL
            ? psql(env.DATABASE_URL, 'select pid from pg_stat_activity where datname = current_database()').split('\n')
            : [];
        const cpu = { server: [], postgres: [], parse: [] };
        const upload = async (bytes) => {
          const form = new FormData();
          form.append('skipCheckForDeletedNodes', 'true');
          form.append('file', new Blob([bytes]), 'list.xlsx');
          const t = performance.now();
          const res = await fetch(`${api}/lists/uploadRespondentList/${surveyId}`, {
            method: 'POST',
            headers: { cookie },
            body: form,
          });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`upload answered ${res.status}`);
          return performance.now() - t;
        };
        const uploads = [];
        const parses = [];
        for (let i = 0; i < 3; i++) {
          await upload(small);
          const pids = backends();
          const before = [cpuMs([srv.pid]), cpuMs(pids)];
          uploads.push(await upload(file));
          cpu.server.push(cpuMs([srv.pid]) - before[0]);
          cpu.postgres.push(cpuMs(pids) - before[1]);
          const c = process.cpuUsage();
          const t = performance.now();
          const wb = XLSX.read(file);
          XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]]);
          parses.push(performance.now() - t);
          const used = process.cpuUsage(c);
          cpu.parse.push((used.user + used.system) / 1000);
        }
        results.lists[engine] = {
          uploadMs: Math.round(median(uploads)),
          sheetjsParseMs: Math.round(median(parses)),
          ratio: +(median(uploads) / median(parses)).toFixed(2),
          cpuMs: {
            server: median(cpu.server),
            ...(env.DATABASE_URL ? { postgres: median(cpu.postgres) } : {}),
            sheetjsParse: Math.round(median(cpu.parse)),
          },
          runs: uploads.map((ms, i) => ({ uploadMs: Math.round(ms), sheetjsParseMs: Math.round(parses[i]) })),
          loadAverage: loadavg().map((x) => +x.toFixed(1)),
        };
      } finally {
        await srv.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    execSync(`psql "${pgUrl}" -qc "drop database if exists ${dbName} with (force)"`);
  }
}
