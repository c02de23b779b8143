import { type Db, discoverNetworks, inArray, sql } from '@tieline/db';
import type { TNetworkData } from '@tieline/graph';
import { snapshotColumns } from '../services/discover/snapshot';
import florentine from './discover-examples/florentine-families.json' with { type: 'json' };
import karate from './discover-examples/karate-club.json' with { type: 'json' };
import lesMiserables from './discover-examples/les-miserables.json' with { type: 'json' };

// The curated Discover examples Tieline ships (docs/discover.md): classic networks with their sources,
// written by discover-examples/make_examples.py. Inserted at every start-up, idempotently: each has a
// fixed id; a missing one is inserted, one whose file changed is updated, and an unchanged one is left
// alone (so its snapshot, thumbnail and summary cache stay). Several servers starting at once agree: the
// upsert is one statement per example.

export interface TDiscoverExample {
  id: string;
  name: string;
  description: string;
  tags: string[];
  /** The citation: where the data comes from. */
  source: string;
  /** Any network document. */
  data: TNetworkData;
}

export const DISCOVER_EXAMPLES = [karate, lesMiserables, florentine] as TDiscoverExample[];

/** Inserts or refreshes `examples` (Tieline's own by default); answers how many rows it wrote. */
export async function seedDiscoverExamples(db: Db, examples: TDiscoverExample[] = DISCOVER_EXAMPLES): Promise<number> {
  // Unchanged examples are skipped before their snapshot (thumbnail included) is drawn, so a restart costs
  // one select; the upsert's condition still decides when two servers start at once.
  const stored = await db
    .select({
      id: discoverNetworks.id,
      name: discoverNetworks.name,
      description: discoverNetworks.description,
      tags: discoverNetworks.tags,
      source: discoverNetworks.source,
      data: discoverNetworks.data,
    })
    .from(discoverNetworks)
    .where(
      inArray(
        discoverNetworks.id,
        examples.map((e) => e.id),
      ),
    );
  const fingerprint = (e: Omit<TDiscoverExample, 'data'> & { data: string }) =>
    JSON.stringify([e.id, e.name, e.description, e.tags, e.source, e.data]);
  const current = new Set(stored.map(fingerprint));
  let written = 0;
  for (const example of examples) {
    if (current.has(fingerprint({ ...example, data: JSON.stringify(example.data) }))) continue;
    const columns = snapshotColumns(example);
    const changed = sql`(${discoverNetworks.name}, ${discoverNetworks.description}, ${discoverNetworks.tags}, ${discoverNetworks.source}, ${discoverNetworks.data})
      is distinct from (excluded.name, excluded.description, excluded.tags, excluded.source, excluded.data)`;
    const rows = await db
      .insert(discoverNetworks)
      .values({ id: example.id, networkId: null, ownerId: null, ...columns })
      .onConflictDoUpdate({ target: discoverNetworks.id, set: columns, setWhere: changed })
      .returning({ id: discoverNetworks.id });
    written += rows.length;
  }
  return written;
}
