import { randomUUID } from 'node:crypto';
import { sql, type Tx } from '@tieline/db';
import type { TAttribute } from '@tieline/validation';

// Bulk writes of nodes and personal links. A 100,000-row list is written in chunks, each one statement
// over a JSON parameter (json_to_recordset): one parse and plan per chunk on both engines, no
// per-row parameters (PostgreSQL allows 65,535 per statement) and no array-typing differences
// between postgres.js and PGlite. Callers run them inside one transaction. New ids come from node's
// CSPRNG: PGlite's gen_random_uuid() costs ~3 µs each in WASM, a tenth of a 50,000-row upload.

const CHUNK = 5_000;

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
  for (const chunk of chunks(nodes)) {
    const rows = chunk.map((n) => ({ ...n, id: randomUUID() }));
    await tx.execute(sql`
      insert into nodes (id, list_id, name, email, first_name, attributes, position)
      select r.id, ${listId}::uuid, r.name, r.email, r.first_name, r.attributes, r.position
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(id uuid, name text, email text, first_name text, attributes jsonb, position int)`);
  }
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
  for (const chunk of chunks(respondents)) {
    // random_uuid is the personal link: as unguessable as the database's own (both 122 random bits).
    const rows = chunk.map((r) => ({ ...r, id: randomUUID(), random_uuid: randomUUID() }));
    await tx.execute(sql`
      insert into responses (id, random_uuid, survey_id, node_name, node_email)
      select r.id, r.random_uuid, ${surveyId}::uuid, r.node_name, r.node_email
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(id uuid, random_uuid uuid, node_name text, node_email text)`);
  }
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
