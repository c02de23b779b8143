// How one network document is pseudonymized (services/passive-data/pseudonymize-document.ts): labels
// traced to people as query networks wrote them, excluded people removed with their ties, addresses in
// attributes dropped, rare values folded, and a document it wrote left unchanged.
import { createHmac } from 'node:crypto';
import type { TNetworkData } from '@tieline/graph';
import { describe, expect, it } from 'vitest';
import { pseudonym } from '../src/connectors/store/context';
import { labelResolver, pseudonymizeDocument } from '../src/services/passive-data/pseudonymize-document';
import { shortId } from '../src/services/passive-data/query-document';

const keyOf = (plain: string) => `h:${createHmac('sha256', 'k').update(plain.toLowerCase()).digest('base64url')}`;
const excludedAddresses = ['zed@x.com'];
const resolve = labelResolver({
  people: [
    { key: 'ann@x.com', name: 'Ann Archer', email: 'ann@x.com' },
    { key: 'al1@x.com', name: 'Al', email: 'al1@x.com' },
    { key: 'al2@x.com', name: 'Al', email: 'al2@x.com' },
    { key: 'slack:U9@c', name: '', email: null },
    { key: 'zed@x.com', name: 'Zed', email: 'zed@x.com' },
    { key: 'pat@partner.com', name: 'Pat', email: 'pat@partner.com' },
  ],
  keyOf,
  excluded: (e) => excludedAddresses.includes(e.toLowerCase()) || e.toLowerCase().endsWith('@partner.com'),
  excludedAddresses,
});
const of = (plain: string) => pseudonym(keyOf(plain));

describe('labels', () => {
  it('become the pseudonym of the person they name, however the query network wrote them', () => {
    expect(resolve('Ann Archer')).toBe(of('ann@x.com'));
    expect(resolve('Al (al2@x.com)')).toBe(of('al2@x.com'));
    expect(resolve('ann@x.com')).toBe(of('ann@x.com'));
    expect(resolve(`Person ${shortId('slack:U9@c')}`)).toBe(of('slack:U9@c'));
    // An address no one has any more still gets the pseudonym its person had.
    expect(resolve('Gone (gone@x.com)')).toBe(of('gone@x.com'));
  });

  it('a shared or unknown name becomes a pseudonym of its own, never the name', () => {
    expect(resolve('Al')).toBe(of('label:Al'));
    expect(resolve('Someone Else')).toMatch(/^Person [A-Z2-9]{8}$/);
    expect(resolve('Someone Else')).toBe(resolve('Someone Else'));
  });

  it('are null for excluded people: by address, domain, name, or the pseudonym of an excluded address', () => {
    expect(resolve('Zed')).toBeNull();
    expect(resolve('Zed (zed@x.com)')).toBeNull();
    expect(resolve('Pat')).toBeNull();
    expect(resolve('x (someone@partner.com)')).toBeNull();
    expect(resolve(of('zed@x.com'))).toBeNull();
  });

  it('a pseudonym stays as it is', () => {
    expect(resolve('Person ABCDEFGH')).toBe('Person ABCDEFGH');
    expect(resolve('Person ABCDEFGH (2)')).toBe('Person ABCDEFGH (2)');
  });
});

describe('documents', () => {
  const names = ['Ann Archer', 'Al (al1@x.com)', 'Al (al2@x.com)', 'Zed', 'Someone Else', 'Q', 'R'];
  const data: TNetworkData = {
    directed: true,
    layers: ['Slack reply'],
    nodeAttributes: [
      { key: 'Department', type: 'category' },
      { key: 'Mail', type: 'text' },
      { key: 'Score', type: 'number' },
    ],
    edgeAttributes: [],
    nodes: names.map((name, i) => ({
      name,
      attributes: { Department: i === 4 ? 'Legal' : 'Sales', Mail: `${name}@y.org`, Score: i },
    })),
    edges: [
      { source: 0, target: 3, layer: 0, weight: 2, attributes: {} },
      { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
      { source: 6, target: 2, layer: 0, weight: 1, attributes: {} },
    ],
  };

  it('removes excluded people with their ties, drops address attributes, folds rare values', () => {
    const next = pseudonymizeDocument(data, resolve, 5)!;
    expect(next.nodes.map((n) => n.name)).toEqual(names.filter((n) => n !== 'Zed').map((n) => resolve(n)));
    expect(next.nodeAttributes.map((d) => d.key)).toEqual(['Department', 'Score']);
    expect(next.nodes.map((n) => n.attributes.Department)).toEqual([
      'Sales',
      'Sales',
      'Sales',
      'Other',
      'Sales',
      'Sales',
    ]);
    expect(next.nodes.map((n) => n.attributes.Score)).toEqual([0, 1, 2, 4, 5, 6]);
    expect(next.edges).toEqual([
      { source: 0, target: 1, layer: 0, weight: 1, attributes: {} },
      { source: 5, target: 2, layer: 0, weight: 1, attributes: {} },
    ]);
    expect(JSON.stringify(next)).not.toMatch(/Ann|Archer|Zed|@/);
  });

  it('leaves a document it wrote unchanged', () => {
    const once = pseudonymizeDocument(data, resolve, 5)!;
    expect(pseudonymizeDocument(once, resolve, 5)).toBeNull();
  });
});
