import { NETWORK_UPLOAD_MSG as M, NETWORK_LIMITS } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { parseNetworkFile } from '../src/services/networks/formats';
import { workbookBytes } from '../src/xlsx/write';
import { refusalOf, workbook } from './network-formats-fixtures';

// Files that must be refused with a clear message and without holding the server: limits, malformed
// and hostile XML, wrong types. A million-edge file is refused with the limit in each format.

const MILLION = 1_000_000;

describe('what every upload is checked for first', () => {
  it('refuses an unknown file type, an empty file and a file over the size limit', () => {
    expect(refusalOf(() => parseNetworkFile(Buffer.from('{}'), 'csv', true))).toMatchObject({
      code: 'BAD_REQUEST',
      type: 'format',
      message: M.unknownFileType,
    });
    for (const type of ['excel', 'gexf', 'graphml', 'json']) {
      expect(refusalOf(() => parseNetworkFile(Buffer.alloc(0), type, true)).message).toBe(M.fileEmpty);
      const big = refusalOf(() => parseNetworkFile(Buffer.alloc(NETWORK_LIMITS.maxFileBytes + 1, 32), type, true));
      expect(big).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', type: 'size', message: M.fileTooLarge });
    }
  });

  it('refuses a file of another type than the one chosen', async () => {
    const xlsx = workbook({ Nodes: [['Name'], ['A']] });
    expect(refusalOf(() => parseNetworkFile(xlsx, 'gexf', true)).message).toBe(M.notFormat('gexf'));
    expect(refusalOf(() => parseNetworkFile(xlsx, 'json', true)).message).toMatch(
      /^The file is not a JSON network file: /,
    );
    expect(refusalOf(() => parseNetworkFile(Buffer.from('<graphml/>'), 'excel', true)).message).toBe(
      M.notFormat('excel'),
    );
    expect(refusalOf(() => parseNetworkFile(Buffer.from('<graphml></graphml>'), 'graphml', true)).message).toBe(
      M.xmlNoGraph('graphml'),
    );
    expect(refusalOf(() => parseNetworkFile(Buffer.from([0x3c, 0xff, 0xfe, 0x00]), 'gexf', true)).message).toBe(
      M.xmlEncoding,
    );
    expect(refusalOf(() => parseNetworkFile(Buffer.from('PK\u0003\u0004 not xml'), 'graphml', true)).message).toBe(
      M.notFormat('graphml'),
    );
  });
});

describe('hostile and malformed XML', () => {
  const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<graphml><graph><node id="&lol9;"/></graph></graphml>`;

  it('refuses entity declarations (billion laughs, external entities) before any expansion', () => {
    expect(refusalOf(() => parseNetworkFile(Buffer.from(laughs), 'graphml', true))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.xmlEntities,
    });
    const external = `<?xml version="1.0"?><!DOCTYPE gexf [<!ENTITY x SYSTEM "file:///etc/passwd">]><gexf><graph><nodes><node id="1" label="&x;"/></nodes></graph></gexf>`;
    expect(refusalOf(() => parseNetworkFile(Buffer.from(external), 'gexf', true)).message).toBe(M.xmlEntities);
    const parameter = `<!DOCTYPE g [<!ENTITY % p SYSTEM "http://127.0.0.1/x.dtd"> %p;]><graphml><graph/></graphml>`;
    expect(refusalOf(() => parseNetworkFile(Buffer.from(parameter), 'graphml', true)).message).toBe(M.xmlEntities);
  });

  it('never expands an entity it was not told about, and names the line of malformed XML', () => {
    const undefinedEntity = refusalOf(() =>
      parseNetworkFile(Buffer.from('<graphml>\n<graph>\n<node id="&lol9;"/></graph></graphml>'), 'graphml', true),
    );
    expect(undefinedEntity).toMatchObject({ type: 'format', problems: [{ line: 3 }] });
    expect(undefinedEntity.message).toMatch(/^The file is not a GraphML file: .*undefined entity/);
    const unclosed = refusalOf(() =>
      parseNetworkFile(Buffer.from('<gexf><graph>\n<nodes>\n<node id="a">'), 'gexf', true),
    );
    expect(unclosed.type).toBe('format');
    // A DOCTYPE without entities is harmless and ignored.
    const doctype =
      '<!DOCTYPE graphml SYSTEM "http://graphml.graphdrawing.org/dtds/graphml.dtd"><graphml><graph><node id="a"/></graph></graphml>';
    expect(parseNetworkFile(Buffer.from(doctype), 'graphml', true).nodes).toEqual([{ name: 'a', attributes: {} }]);
  });

  it('reports a huge attribute value or text without echoing it, and survives deep nesting', () => {
    const huge = 'x'.repeat(8 * 1024 * 1024);
    const gexf = `<gexf><graph><attributes class="node"><attribute id="0" title="Bio" type="string"/></attributes><nodes>
<node id="a" label="A"><attvalues><attvalue for="0" value="${huge}"/></attvalues></node></nodes></graph></gexf>`;
    const refused = refusalOf(() => parseNetworkFile(Buffer.from(gexf), 'gexf', true));
    expect(refused.problems).toEqual([{ message: M.tooLong("The value of 'Bio'"), line: 2 }]);
    const graphml = `<graphml><key id="d" for="node" attr.name="Bio"/><graph><node id="a"><data key="d">${huge}</data></node></graph></graphml>`;
    expect(refusalOf(() => parseNetworkFile(Buffer.from(graphml), 'graphml', true)).problems).toEqual([
      { message: M.tooLong("The value of 'Bio'"), line: 1 },
    ]);
    const longName = `<graphml><graph><node id="${huge}"/></graph></graphml>`;
    expect(
      JSON.stringify(refusalOf(() => parseNetworkFile(Buffer.from(longName), 'graphml', true))).length,
    ).toBeLessThan(500);
    const deep = `<graphml><graph>${'<node id="n">'.repeat(200_000)}${'</node>'.repeat(200_000)}</graph></graphml>`;
    expect(refusalOf(() => parseNetworkFile(Buffer.from(deep), 'graphml', true))).toMatchObject({
      type: 'format',
      message: M.xmlTooDeep,
      problems: [{ line: 1 }],
    });
  });
});

describe('network size limits', () => {
  it('refuses a million edges in every format, stopping at the limit', async () => {
    const ends = (i: number) => [`p${i % 40_000}`, `p${(i * 7 + 1) % 40_000}`];
    const check = (type: string, bytes: Buffer) => {
      const refused = refusalOf(() => parseNetworkFile(bytes, type, true));
      expect(refused, type).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', type: 'size' });
      expect([M.tooManyEdges, M.fileTooLarge], type).toContain(refused.message);
      return refused.message;
    };
    const graphml = ['<graphml><graph>'];
    for (let i = 0; i < MILLION; i++) {
      const [s, t] = ends(i);
      graphml.push(`<edge source="${s}" target="${t}"/>`);
    }
    graphml.push('</graph></graphml>');
    expect(check('graphml', Buffer.from(graphml.join('')))).toBe(M.tooManyEdges);
    const gexf = graphml.join('').replaceAll('graphml>', 'gexf>');
    expect(check('gexf', Buffer.from(gexf))).toBe(M.tooManyEdges);
    const json = JSON.stringify({
      edges: Array.from({ length: MILLION }, (_, i) => ({ source: ends(i)[0], target: ends(i)[1] })),
    });
    check('json', Buffer.from(json));
    const rows = function* () {
      yield ['Source', 'Target'];
      for (let i = 0; i < MILLION; i++) yield ends(i);
    };
    const xlsx = await workbookBytes([{ name: 'Edges', rows: rows() }]);
    expect(check('excel', xlsx)).toBe(M.tooManyEdges);
  }, 120_000);

  it('refuses too many nodes, attributes and layers', () => {
    const json = (v: unknown) => Buffer.from(JSON.stringify(v));
    const nodes = Array.from({ length: NETWORK_LIMITS.maxNodes + 1 }, (_, i) => ({ name: `n${i}` }));
    expect(refusalOf(() => parseNetworkFile(json({ nodes }), 'json', true)).message).toBe(M.tooManyNodes);
    // Edges naming people the nodes lack count too.
    const edges = Array.from({ length: NETWORK_LIMITS.maxNodes / 2 + 1 }, (_, i) => ({
      source: `a${i}`,
      target: `b${i}`,
    }));
    expect(refusalOf(() => parseNetworkFile(json({ edges }), 'json', true)).message).toBe(M.tooManyNodes);
    const wide = [['Name', ...Array.from({ length: NETWORK_LIMITS.maxAttributes + 1 }, (_, i) => `A${i}`)], ['x']];
    expect(refusalOf(() => parseNetworkFile(workbook({ Nodes: wide }), 'excel', true)).message).toBe(
      M.tooManyAttributes,
    );
    const layers = Array.from({ length: NETWORK_LIMITS.maxLayers + 1 }, (_, i) => ({
      source: 'a',
      target: 'b',
      type: `L${i}`,
    }));
    expect(refusalOf(() => parseNetworkFile(json({ edges: layers }), 'json', true)).message).toBe(M.tooManyLayers);
  });

  it('lists at most the problem limit and counts the rest', () => {
    const nodes = Array.from({ length: 250 }, () => ({ name: '' }));
    const refused = refusalOf(() => parseNetworkFile(Buffer.from(JSON.stringify({ nodes })), 'json', true));
    expect(refused.message).toBe(M.notUploaded(250));
    expect(refused.problems).toHaveLength(NETWORK_LIMITS.maxListedProblems + 1);
    expect(refused.problems.at(-1)).toEqual({ message: M.moreProblems(150) });
  });

  it('refuses a workbook whose declared unpacked size is over the limit before inflating it', () => {
    const bytes = Buffer.from(workbook({ Nodes: [['Name'], ['A']] }));
    // Every central directory entry claims 300 MB uncompressed.
    for (
      let p = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      p >= 0;
      p = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), p + 4)
    ) {
      bytes.writeUInt32LE(300 * 1024 * 1024, p + 24);
    }
    expect(refusalOf(() => parseNetworkFile(bytes, 'excel', true))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: M.unpackedTooLarge,
    });
  });
});
