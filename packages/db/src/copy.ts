import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Tx } from './client';

// Bulk loads with COPY: the cheapest way into PostgreSQL (no JSON or parameters to parse per value:
// 50,000 list nodes cost the server a fifth less CPU than through json_to_recordset).
// postgres.js streams COPY FROM STDIN, so the server stores rows while this process formats the next
// ones; PGlite takes the whole text as a blob (COPY FROM '/dev/blob'). Both run inside the caller's
// transaction, so a failure rolls back with it.

type PostgresQuery = PromiseLike<unknown> & { writable: () => Promise<Writable>; reject: (error: unknown) => void };
type PostgresClient = { unsafe: (query: string) => PostgresQuery };
type PgliteClient = { query: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };

/** The driver's handle behind a drizzle transaction (drizzle keeps it private). */
const clientOf = (tx: Tx) => (tx._.session as unknown as { client: PostgresClient | PgliteClient }).client;

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: backslash, tab and line breaks escaped; null as \N. */
export function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
}

/**
 * Writes rows into `table` with COPY inside the transaction `tx`. `chunks` yields pieces of COPY text
 * (whole lines of tab-separated `copyValue`s, each ending in a newline), produced as they are sent.
 */
export async function copyInto(tx: Tx, table: string, columns: readonly string[], chunks: Iterable<string>) {
  const client = clientOf(tx);
  const target = `${table} (${columns.join(', ')})`;
  if ('unsafe' in client) return copyPostgres(client, `copy ${target} from stdin`, chunks);
  await client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([...chunks]) });
}

async function copyPostgres(client: PostgresClient, statement: string, chunks: Iterable<string>) {
  let failure: unknown = null;
  const query = client.unsafe(statement);
  // postgres.js settles the COPY query with the stream as soon as the server accepts the COPY, and
  // then passes the server's error for a refused row to that settled query, where it would be lost.
  const reject = query.reject;
  query.reject = (error) => {
    failure ??= error;
    reject(error);
  };
  const stream = await query.writable();
  stream.on('error', (error) => {
    failure ??= error;
  });
  const closed = once(stream, 'close').catch(() => {});
  for (const chunk of chunks) {
    if (failure) break;
    // A refused row destroys the stream (error, then close) instead of draining it.
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain').catch(() => {}), closed]);
  }
  // After a refusal that came once the last row was sent (rows are stored in batches, constraints
  // checked at the end), the stream never finishes. Once its final step has sent the end of the
  // data, the connection takes statements again: the next one waits for the COPY's outcome.
  const ended = new Promise<void>((resolve) => {
    const final = stream._final!.bind(stream);
    stream._final = (callback) => {
      final(callback);
      resolve();
    };
  });
  stream.end();
  await Promise.race([ended, closed]);
  try {
    await client.unsafe('select 1');
  } catch (error) {
    failure ??= error;
  }
  if (failure) throw failure;
}
