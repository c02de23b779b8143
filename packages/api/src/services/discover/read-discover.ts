import { and, count, desc, discoverNetworks, eq, rowsOf, type SQL, sql, userLogins, users } from '@tieline/db';
import {
  DISCOVER_LIMITS,
  DISCOVER_MSG,
  type TDiscoverDescribe,
  type TDiscoverItem,
  type TDiscoverList,
  type TDiscoverListInput,
} from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { DiscoverRow } from './snapshot';
import { summaryOf } from './summary';

// GET /api/base/discover (the gallery: search, tag, page) and GET /api/base/discover/{id} (describe).
// Everyone with the discover module sees every published network and curated example; an id that is not
// published (never, or no longer) answers 404 to everyone, its owner included: Discover holds snapshots
// only, and the owner's network itself is on /networks.

/** What Tieline's own examples show as their owner. */
export const CURATED_OWNER = 'Tieline';

const itemColumns = {
  id: discoverNetworks.id,
  name: discoverNetworks.name,
  description: discoverNetworks.description,
  tags: discoverNetworks.tags,
  nodeCount: discoverNetworks.nodeCount,
  edgeCount: discoverNetworks.edgeCount,
  ownerId: discoverNetworks.ownerId,
  directed: discoverNetworks.directed,
  thumbnail: discoverNetworks.thumbnail,
  updatedAt: discoverNetworks.updatedAt,
  origin: discoverNetworks.origin,
  ownerName: userLogins.name,
};
type ItemRow = Pick<
  DiscoverRow,
  | 'id'
  | 'name'
  | 'description'
  | 'tags'
  | 'nodeCount'
  | 'edgeCount'
  | 'ownerId'
  | 'directed'
  | 'thumbnail'
  | 'updatedAt'
  | 'origin'
> & { ownerName: string | null };

function itemWire(caller: SignedInCaller, row: ItemRow): TDiscoverItem {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    people: row.nodeCount,
    ties: row.edgeCount,
    owner: row.ownerId === null ? CURATED_OWNER : (row.ownerName ?? ''),
    curated: row.ownerId === null,
    mine: row.ownerId === caller.actor.userId,
    directed: row.directed,
    thumbnail: row.thumbnail,
    updatedAt: row.updatedAt.toISOString(),
    origin: row.origin ? { name: row.origin.name, owner: row.origin.owner, source: row.origin.source } : null,
  };
}

const likeOf = (word: string) =>
  sql`'%' || replace(replace(replace(tieline_fold(${word}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/** Rows matching every word of the search (folded as name search folds) and the tag (any case). */
function matching(input: TDiscoverListInput): SQL | undefined {
  const words = (input.search ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  const tag = input.tag?.trim();
  return and(
    ...words.map((w) => sql`${discoverNetworks.searchText} like ${likeOf(w)}`),
    tag
      ? sql`exists (select 1 from jsonb_array_elements_text(${discoverNetworks.tags}) as t where lower(t) = lower(${tag}))`
      : undefined,
  );
}

export async function listDiscover(
  deps: Deps,
  caller: SignedInCaller,
  input: TDiscoverListInput,
): Promise<TDiscoverList> {
  const where = matching(input);
  const page = input.page ?? 1;
  const [rows, [{ n } = { n: 0 }], tags] = await Promise.all([
    deps.db
      .select(itemColumns)
      .from(discoverNetworks)
      .leftJoin(users, eq(users.id, discoverNetworks.ownerId))
      .leftJoin(userLogins, eq(userLogins.id, users.userLoginId))
      .where(where)
      // Tieline's examples first, then the newest publications.
      .orderBy(sql`${discoverNetworks.ownerId} is null desc`, desc(discoverNetworks.updatedAt), discoverNetworks.id)
      .limit(DISCOVER_LIMITS.pageSize)
      .offset((page - 1) * DISCOVER_LIMITS.pageSize),
    deps.db.select({ n: count() }).from(discoverNetworks).where(where),
    deps.db.execute(sql`
      select min(t) as tag from ${discoverNetworks}, jsonb_array_elements_text(${discoverNetworks.tags}) as t
      group by lower(t) order by count(*) desc, lower(t) limit ${DISCOVER_LIMITS.tagsListed}`),
  ]);
  return {
    items: rows.map((r) => itemWire(caller, r)),
    count: Number(n),
    tags: rowsOf<{ tag: string }>(tags).map((r) => r.tag),
  };
}

export async function describeDiscover(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string },
): Promise<TDiscoverDescribe> {
  const [row] = await deps.db
    .select({
      ...itemColumns,
      source: discoverNetworks.source,
      data: discoverNetworks.data,
      views: sql<number>`jsonb_array_length(${discoverNetworks.views})`,
    })
    .from(discoverNetworks)
    .leftJoin(users, eq(users.id, discoverNetworks.ownerId))
    .leftJoin(userLogins, eq(userLogins.id, users.userLoginId))
    .where(eq(discoverNetworks.id, input.id));
  if (!row) throw new AppError('NOT_FOUND', DISCOVER_MSG.notFound);
  const summary = await summaryOf(deps, caller, `${row.id}:${row.updatedAt.getTime()}`, {
    json: row.data,
    nodes: row.nodeCount,
    edges: row.edgeCount,
  });
  return {
    ...itemWire(caller, row),
    source: row.source,
    views: Number(row.views),
    ...summary,
  };
}
