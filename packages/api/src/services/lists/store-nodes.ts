import { randomUUID } from 'node:crypto';
import { copyInto, sql, type Tx, copyValue as v } from '@tieline/db';
import type { TAttribute } from '@tieline/validation';

// Bulk writes of nodes and personal links, inside the caller's transaction. New rows go in with COPY
// (db/copy.ts); updates and deletes, in chunks, each one statement over a JSON parameter
// (json_to_recordset): one parse and plan per chunk on both engines, no per-row parameters
// (PostgreSQL allows 65,535 per statement) and no array-typing differences between postgres.js and
// PGlite. New ids come from node's CSPRNG: PGlite's gen_random_uuid() costs ~3 µs each in WASM, a
// tenth of a 50,000-row upload.

const CHUNK = 5_000;
/** Rows per piece of COPY text: the server stores one piece while the next is formatted. */
const COPY_CHUNK = 1_000;

function* copyLines<T>(items: readonly T[], line: (item: T) => string): Generator<string> {
  for (let i = 0; i < items.length; i += COPY_CHUNK) {
    let text = '';
    for (let k = i; k < Math.min(i + COPY_CHUNK, items.length); k++) text += line(items[k]!);
    yield text;
  }
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface NodeRow {
  name: string;
  email: string | null;
  first_name: string;
  attributes: Record<string, TAttribute>;
  position: number;
}

export async function insertNodes(tx: Tx, listId: string, nodes: readonly NodeRow[]) {
  await copyInto(
    tx,
    'nodes',
    ['id', 'list_id', 'name', 'email', 'first_name', 'attributes', 'position'],
    copyLines(
      nodes,
      (n) =>
        `${randomUUID()}\t${listId}\t${v(n.name)}\t${v(n.email)}\t${v(n.first_name)}\t${v(JSON.stringify(n.attributes))}\t${n.position}\n`,
    ),
  );
}

export async function updateNodes(tx: Tx, nodes: readonly (NodeRow & { id: string })[]) {
  for (const chunk of chunks(nodes)) {
    await tx.execute(sql`
      update nodes as n
      set name = r.name, email = r.email, first_name = r.first_name, attributes = r.attributes, position = r.position
      from json_to_recordset(${JSON.stringify(chunk)}::json)
        as r(id uuid, name text, email text, first_name text, attributes jsonb, position int)
      where n.id = r.id`);
  }
}

export async function deleteNodes(tx: Tx, ids: readonly string[]) {
  for (const chunk of chunks(ids)) {
    await tx.execute(sql`
      delete from nodes where id in (select value::uuid from json_array_elements_text(${JSON.stringify(chunk)}::json))`);
  }
}

/** New personal links ('Not Sent', a fresh randomUUID each). */
export async function insertResponses(
  tx: Tx,
  surveyId: string,
  respondents: readonly { node_name: string; node_email: string }[],
) {
  // random_uuid is the personal link: as unguessable as the database's own (both 122 random bits).
  await copyInto(
    tx,
    'responses',
    ['id', 'random_uuid', 'survey_id', 'node_name', 'node_email'],
    copyLines(
      respondents,
      (r) => `${randomUUID()}\t${randomUUID()}\t${surveyId}\t${v(r.node_name)}\t${v(r.node_email)}\n`,
    ),
  );
}

/** A kept respondent's link follows the list's spelling of the name. */
export async function renameResponses(tx: Tx, renamed: readonly { id: string; node_name: string }[]) {
  for (const chunk of chunks(renamed)) {
    await tx.execute(sql`
      update responses as x set node_name = r.node_name
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(id uuid, node_name text)
      where x.id = r.id`);
  }
}

export async function deleteResponses(tx: Tx, ids: readonly string[]) {
  for (const chunk of chunks(ids)) {
    await tx.execute(sql`
      delete from responses where id in (select value::uuid from json_array_elements_text(${JSON.stringify(chunk)}::json))`);
  }
}
