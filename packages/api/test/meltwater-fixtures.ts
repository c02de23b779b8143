// Meltwater exports of the tests (fixtures/meltwater/, one per accepted shape) and a readable view of
// the network made from one: ties as `author -> person Layer weight`, people with their attributes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TNetworkData } from '@tieline/graph';

export const MELTWATER_FIXTURES = ['array.json', 'documents.json', 'lines.ndjson'] as const;
export const fixtureText = (name: (typeof MELTWATER_FIXTURES)[number]) =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'meltwater', name), 'utf8');

export const tiesOf = (data: TNetworkData) =>
  data.edges
    .map((e) => `${data.nodes[e.source]!.name} -> ${data.nodes[e.target]!.name} ${data.layers[e.layer]} ${e.weight}`)
    .sort();

export const peopleOf = (data: TNetworkData) => Object.fromEntries(data.nodes.map((n) => [n.name, n.attributes]));

/** What each fixture makes (docs/meltwater.md's rules worked by hand). */
export const EXPECTED = {
  'array.json': {
    documents: 8,
    used: 6,
    skipped: { noAuthor: 1, unreadable: 1 },
    people: ['acme', 'bob', 'carol', 'dave', 'erin smith', 'frank'],
    ties: [
      'acme -> bob Mention 2',
      'acme -> carol Mention 1',
      'bob -> acme Mention 1',
      'bob -> acme Reply 1',
      'carol -> acme Repost 1',
      'dave -> acme Mention 1',
      'dave -> bob Mention 1',
      'dave -> bob Repost 1',
      'erin smith -> acme Mention 1',
      'erin smith -> bob Mention 1',
      'erin smith -> frank Reply 1',
    ],
    layers: [
      { layer: 'Mention', ties: 7, weight: 8 },
      { layer: 'Reply', ties: 2, weight: 2 },
      { layer: 'Repost', ties: 2, weight: 2 },
    ],
  },
  'documents.json': {
    documents: 5,
    used: 4,
    skipped: { noAuthor: 0, unreadable: 1 },
    people: ['acme', 'bob', 'carol'],
    ties: ['acme -> bob Mention 1', 'bob -> acme Mention 1', 'bob -> acme Repost 1', 'carol -> bob Mention 1'],
    layers: [
      { layer: 'Mention', ties: 3, weight: 3 },
      { layer: 'Reply', ties: 0, weight: 0 },
      { layer: 'Repost', ties: 1, weight: 1 },
    ],
  },
  'lines.ndjson': {
    documents: 5,
    used: 3,
    skipped: { noAuthor: 1, unreadable: 1 },
    people: ['ann', 'ben', 'cy'],
    ties: ['ann -> ben Mention 1', 'ben -> ann Reply 1', 'cy -> ann Reply 1'],
    layers: [
      { layer: 'Mention', ties: 1, weight: 1 },
      { layer: 'Reply', ties: 2, weight: 2 },
      { layer: 'Repost', ties: 0, weight: 0 },
    ],
  },
} as const;
