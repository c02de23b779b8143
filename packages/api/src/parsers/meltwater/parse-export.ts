import type { TNetworkData, TNetworkNode } from '@tieline/graph';
import {
  MELTWATER_LAYERS,
  MELTWATER_MSG,
  NETWORK_LIMITS,
  NETWORK_UPLOAD_MSG,
  type TMeltwaterInput,
  type TMeltwaterLayer,
  type TMeltwaterSkipped,
} from '@tieline/validation';
import { AppError } from '../../errors';
import { isObject, readExport, type TDocumentObject } from './read-export';

// A Meltwater export as a directed network (issue 24, docs/meltwater.md): who mentions, replies to and
// reposts whom. Pure: no database, so every rule is unit-tested on its own (meltwater-parse.test.ts).

export interface TMeltwaterNetwork {
  data: TNetworkData;
  documents: number;
  used: number;
  skipped: TMeltwaterSkipped;
  layers: { layer: TMeltwaterLayer; ties: number; weight: number }[];
}

/** The value at a dotted path of a document (`author.handle`), or undefined. */
function at(doc: unknown, path: string): unknown {
  let value = doc;
  for (const key of path.split('.')) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** A handle or author name as a node name: trimmed, without leading @, lower-cased; undefined when empty. */
function handleOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.normalize('NFC').trim().replace(/^@+/, '').trim().toLowerCase();
  return name === '' || name.length > NETWORK_LIMITS.maxValueLength ? undefined : name;
}

const firstOf = (doc: unknown, paths: readonly string[], read: (v: unknown) => string | undefined) => {
  for (const path of paths) {
    const found = read(at(doc, path));
    if (found !== undefined) return found;
  }
  return undefined;
};

const AUTHOR_PATHS = ['author.handle', 'author_handle', 'author.name', 'author_name'] as const;
/** api.json's `source.information_type`, the legacy template's `source_information_type`, and kin. */
const SOURCE_TYPE_PATHS = [
  'source.type',
  'source.information_type',
  'source_type',
  'source_information_type',
  'content_type',
] as const;
const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export const authorOf = (doc: TDocumentObject) => firstOf(doc, AUTHOR_PATHS, handleOf);

/** `@handle` tokens not inside a word or an email address; dots inside a handle, not at its end. */
const MENTION_TOKEN = /(?<![\w@.])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?)/gu;
const RETWEET = /^\s*RT @([\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?):/u;

/** The distinct people a document mentions: `mentions` when it has one, else entities, else its text. */
export function mentionsOf(doc: TDocumentObject): Set<string> {
  const found = new Set<string>();
  const add = (v: unknown) => {
    const h = handleOf(v);
    if (h !== undefined) found.add(h);
  };
  if (Array.isArray(doc.mentions)) {
    for (const m of doc.mentions) add(isObject(m) ? m.handle : m);
    return found;
  }
  const entities = at(doc, 'entities.user_mentions');
  if (Array.isArray(entities)) {
    for (const m of entities) add(at(m, 'screen_name'));
    return found;
  }
  const text = ['content.text', 'text', 'title']
    .map((p) => at(doc, p))
    .filter((v) => typeof v === 'string')
    .join('\n');
  for (const match of text.matchAll(MENTION_TOKEN)) add(match[1]);
  return found;
}

/** Whose post this one reposts: `repost.author.handle`, else an `RT @handle:` opening of its text. */
export function repostOf(doc: TDocumentObject): string | undefined {
  const handle = handleOf(at(doc, 'repost.author.handle'));
  if (handle !== undefined) return handle;
  for (const path of ['content.text', 'text']) {
    const text = at(doc, path);
    const match = typeof text === 'string' ? RETWEET.exec(text) : null;
    if (match) return handleOf(match[1]);
  }
  return undefined;
}

/** Whom this post answers: the author of the export's document at `parent.url`, else `parent.author.handle`. */
function parentOf(doc: TDocumentObject, authorByUrl: ReadonlyMap<string, string>): string | undefined {
  const url = trimmed(at(doc, 'parent.url'));
  const byUrl = url === undefined ? undefined : authorByUrl.get(url);
  return byUrl ?? handleOf(at(doc, 'parent.author.handle'));
}

/** `reach`, else `metrics.reach`, when a finite number. */
function reachOf(doc: TDocumentObject): number | undefined {
  for (const path of ['reach', 'metrics.reach']) {
    const v = at(doc, path);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
}

const sourceTypeOf = (doc: TDocumentObject) => firstOf(doc, SOURCE_TYPE_PATHS, trimmed);

interface Person {
  index: number;
  posts: number;
  reach: number | undefined;
  sourceTypes: Set<string>;
}

/** Builds the network from documents that have an author; people in order of first appearance. */
function build(documents: { doc: TDocumentObject; author: string }[]) {
  const people = new Map<string, Person>();
  const person = (name: string) => {
    let p = people.get(name);
    if (!p) {
      p = { index: people.size, posts: 0, reach: undefined, sourceTypes: new Set() };
      people.set(name, p);
    }
    return p;
  };
  const authorByUrl = new Map<string, string>();
  for (const { doc, author } of documents) {
    const url = trimmed(doc.url);
    if (url !== undefined && !authorByUrl.has(url)) authorByUrl.set(url, author);
  }
  // Weights per layer and pair, keyed `source,target` by node index.
  const weights = MELTWATER_LAYERS.map(() => new Map<string, number>());
  const tie = (layer: number, from: Person, to: string | undefined) => {
    if (to === undefined) return;
    const target = person(to);
    if (target === from) return;
    const key = `${from.index},${target.index}`;
    weights[layer]!.set(key, (weights[layer]!.get(key) ?? 0) + 1);
  };
  for (const { doc, author } of documents) {
    const from = person(author);
    from.posts++;
    const reach = reachOf(doc);
    if (reach !== undefined) from.reach = (from.reach ?? 0) + reach;
    const type = sourceTypeOf(doc);
    if (type !== undefined) from.sourceTypes.add(type);
    for (const mentioned of mentionsOf(doc)) tie(0, from, mentioned);
    tie(1, from, parentOf(doc, authorByUrl));
    tie(2, from, repostOf(doc));
  }
  return { people, weights };
}

/** The export as a directed network with its counts; 400 when it cannot make one (nothing is stored). */
export function parseExport(jsonData: TMeltwaterInput['jsonData']): TMeltwaterNetwork {
  const { documents: objects, read, unreadable } = readExport(jsonData);
  const documents: { doc: TDocumentObject; author: string }[] = [];
  for (const doc of objects) {
    const author = authorOf(doc);
    if (author !== undefined) documents.push({ doc, author });
  }
  const skipped = { noAuthor: objects.length - documents.length, unreadable };
  if (documents.length === 0) throw new AppError('BAD_REQUEST', MELTWATER_MSG.noUsable(skipped.noAuthor, unreadable));

  const { people, weights } = build(documents);
  if (people.size > NETWORK_LIMITS.maxNodes) throw new AppError('BAD_REQUEST', NETWORK_UPLOAD_MSG.tooManyNodes);
  const edgeCount = weights.reduce((n, w) => n + w.size, 0);
  if (edgeCount > NETWORK_LIMITS.maxEdges) throw new AppError('BAD_REQUEST', NETWORK_UPLOAD_MSG.tooManyEdges);

  const nodes: TNetworkNode[] = [...people].map(([name, p]) => ({
    name,
    attributes: {
      Posts: p.posts,
      'In export': p.posts > 0 ? 'yes' : 'no',
      'Source type': p.sourceTypes.size > 0 ? [...p.sourceTypes].sort().join(', ') : null,
      Reach: p.reach ?? null,
    },
  }));
  const edges = weights.flatMap((pairs, layer) =>
    [...pairs].map(([key, weight]) => {
      const [source, target] = key.split(',').map(Number) as [number, number];
      return { source, target, layer, weight, attributes: {} };
    }),
  );
  const data: TNetworkData = {
    directed: true,
    layers: [...MELTWATER_LAYERS],
    nodeAttributes: [
      { key: 'Posts', type: 'number' },
      { key: 'In export', type: 'category' },
      { key: 'Source type', type: 'category' },
      { key: 'Reach', type: 'number' },
    ],
    edgeAttributes: [],
    nodes,
    edges,
  };
  const layers = MELTWATER_LAYERS.map((layer, i) => ({
    layer,
    ties: weights[i]!.size,
    weight: [...weights[i]!.values()].reduce((a, b) => a + b, 0),
  }));
  return { data, documents: read, used: documents.length, skipped, layers };
}
