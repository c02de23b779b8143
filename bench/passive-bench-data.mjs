// The passive-data benches' data (bench/passive-query.mjs, bench/passive-series.mjs): a fresh PostgreSQL
// database and the built server on it, a signed-up owner with the passiveData module, a Slack connection
// of 20,000 people and 5,000,000 interactions written by PostgreSQL itself with a fixed seed (100,000
// ordered pairs with five colleagues each, the four Slack types in 40/30/20/10 proportions, plus 5%
// one-off noise that a minimum of 2 drops), spread evenly over the days asked for.
import { execFileSync, execSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const PEOPLE = 20_000;
/** BENCH_PASSIVE_INTERACTIONS sets fewer for a quick look (the figures in docs are of 5,000,000). */
export const INTERACTIONS = Number(process.env.BENCH_PASSIVE_INTERACTIONS ?? 5_000_000);
const PAIRS = 100_000;
const DAY = 86_400_000;

export const psql = (url, sql) =>
  execFileSync('psql', [url, '-qAtc', sql], { maxBuffer: 1 << 30 })
    .toString()
    .trim();

/** The interactions, written by PostgreSQL itself (a fixed seed): pairs of the pool, and noise. */
const FILL = (account, connection, from, days) => `
select setseed(0.2026);
insert into passive_interactions
  (account_id, connection_id, at, type, from_id, to_id, conversation, message_key, recipients, weight)
select '${account}', '${connection}', '${from.toISOString()}'::timestamptz + random() * interval '${days} days',
  case when r < 0.4 then 'reply' when r < 0.7 then 'mention' when r < 0.9 then 'reaction' else 'directMessage' end,
  base + a, base + b, 'C' || (g % 500), 'm' || g, 1, 1
from (
  select g, r, base,
    case when g % 20 = 0 then na else k % ${PEOPLE} end as a,
    case when g % 20 = 0 then (na + off) % ${PEOPLE}
      else (k % ${PEOPLE} + 1 + (k / ${PEOPLE}) * 4001 + ((k % ${PEOPLE}) * 7) % 997) % ${PEOPLE} end as b
  from (
    select g, random() as r, floor(random() * ${PAIRS})::int as k, floor(random() * ${PEOPLE})::int as na,
      1 + floor(random() * ${PEOPLE - 1})::int as off,
      (select min(id) from passive_people where account_id = '${account}') as base
    from generate_series(1, ${INTERACTIONS}) g
  ) s
) x;
analyze passive_interactions;
analyze passive_people;`;

/**
 * The bench's server and data: interactions at [from, from + days). Answers the server, a postgres.js
 * client of its database, `call(method, path, body)` as the owner, the account's id, the fill's time,
 * and `end()`, which stops the server and drops the database.
 */
export async function passiveBenchData({ startServer, port, tag, from, days }) {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `tieline_bench_${tag}_${process.pid}`;
  const dbUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
  execSync(`psql "${pgUrl}" -qc "create database ${dbName}"`);
  const app = await startServer(port, { DATABASE_URL: dbUrl, SEED_DEMO: 'no' });
  const postgres = createRequire(join(root, 'packages/db/package.json'))('postgres');
  const db = postgres(dbUrl, { max: 1, onnotice: () => {} });
  const end = async () => {
    await db.end();
    await app.stop();
    execSync(`psql "${pgUrl}" -qc "drop database if exists ${dbName} with (force)"`);
  };
  try {
    const api = `${app.base}/api/base`;
    const account = {
      name: 'Bench Owner',
      username: `bench${process.pid}`,
      email: `bench${process.pid}@example.com`,
      password: 'bench horse battery',
    };
    const signed = await fetch(`${api}/userLogins/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    const cookie = signed.headers.getSetCookie()[0].split(';')[0];
    psql(dbUrl, `update users set modules = modules || '{"passiveData": {"enabled": true}}'::jsonb`);
    // A new connection per call: a kept-alive socket sits idle while PostgreSQL fills, and the server closes it.
    const call = (method, path, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(`${api}${path}`, {
          method,
          agent: false,
          headers: { cookie, 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        });
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    await call('GET', '/passiveData/queries');
    const accountId = psql(dbUrl, 'select id from passive_accounts');
    // Kept long enough for the window (the default retention is 180 days).
    psql(
      dbUrl,
      `update passive_accounts set retention_days = ${Math.max(180, Math.ceil((Date.now() - from.getTime()) / DAY) + 2)}`,
    );
    const connectionId = psql(
      dbUrl,
      `insert into passive_connections (account_id, source, method, name, status, last_sync) values ('${accountId}', 'slack', 'export', 'Bench', 'done', now()) returning id`,
    );
    psql(
      dbUrl,
      `insert into passive_people (account_id, key, name, email, attributes)
       select '${accountId}', 'p' || i || '@bench.local', 'Person ' || i, 'p' || i || '@bench.local',
         jsonb_build_object('department', 'Department ' || (i % 12)) from generate_series(0, ${PEOPLE - 1}) i`,
    );
    // The monthly partitions the window needs, named as the server names them.
    for (
      let start = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
      start.getTime() < Date.now() + DAY;
      start = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
    ) {
      const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      const name = `passive_interactions_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
      psql(
        dbUrl,
        `create table if not exists ${name} partition of passive_interactions for values from ('${start.toISOString()}') to ('${next.toISOString()}')`,
      );
    }
    const t = performance.now();
    psql(dbUrl, FILL(accountId, connectionId, from, days));
    const fillMs = performance.now() - t;
    console.error(`${tag}: ${INTERACTIONS} interactions written in ${Math.round(fillMs)} ms`);
    return { app, db, call, accountId, fillMs, end };
  } catch (error) {
    console.error(app.output());
    await end();
    throw error;
  }
}
