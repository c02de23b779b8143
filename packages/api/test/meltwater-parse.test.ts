// The Meltwater parser and network builder on its own (no database): every accepted shape, every
// author, mention, parent and repost rule, the attributes, and every refusal (docs/meltwater.md).
import { MELTWATER_LIMITS, MELTWATER_MSG, NETWORK_LIMITS, NETWORK_UPLOAD_MSG } from '@tieline/validation';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/errors';
import { authorOf, mentionsOf, parseExport, repostOf } from '../src/parsers/meltwater/parse-export';
import { checkedText, nestsDeeperThan } from '../src/parsers/meltwater/read-export';
import { EXPECTED, fixtureText, MELTWATER_FIXTURES, peopleOf, tiesOf } from './meltwater-fixtures';

type Doc = Record<string, unknown>;
const net = (docs: unknown[]) => parseExport(docs as Doc[]);
const ties = (docs: unknown[]) => tiesOf(net(docs).data);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { code: (e as AppError).code, message: (e as AppError).message };
  }
  throw new Error('not refused');
};

describe('accepted shapes', () => {
  it.each(MELTWATER_FIXTURES)('%s, as text', (name) => {
    const built = parseExport(fixtureText(name));
    const want = EXPECTED[name];
    expect({ documents: built.documents, used: built.used, skipped: built.skipped }).toEqual({
      documents: want.documents,
      used: want.used,
      skipped: want.skipped,
    });
    expect(built.data.nodes.map((n) => n.name)).toEqual(want.people);
    expect(tiesOf(built.data)).toEqual(want.ties);
    expect(built.layers).toEqual(want.layers);
    expect(built.data.directed).toBe(true);
    expect(built.data.layers).toEqual(['Mention', 'Reply', 'Repost']);
  });

  it('takes the JSON value as well as its text, for arrays and objects with documents', () => {
    for (const name of ['array.json', 'documents.json'] as const) {
      const fromValue = parseExport(JSON.parse(fixtureText(name)));
      expect(fromValue).toEqual(parseExport(fixtureText(name)));
    }
  });

  it('reads one object as one document, and NDJSON with CRLF, blank lines and a byte-order mark', () => {
    expect(ties([{ author: { handle: 'a' }, mentions: ['b'] }])).toEqual(['a -> b Mention 1']);
    expect(tiesOf(parseExport(JSON.stringify({ author: { handle: 'a' }, mentions: ['b'] })).data)).toEqual([
      'a -> b Mention 1',
    ]);
    const text = `\uFEFF{"author_handle":"a","mentions":["b"]}\r\n\r\n{"author_handle":"b","mentions":["a"]}\r\n`;
    const built = parseExport(text);
    expect(built.documents).toBe(2);
    expect(tiesOf(built.data)).toEqual(['a -> b Mention 1', 'b -> a Mention 1']);
  });

  it('counts entries and lines that are not JSON objects as unreadable', () => {
    const built = net([{ author_handle: 'a' }, [], 'x', null, 3]);
    expect(built.skipped).toEqual({ noAuthor: 0, unreadable: 4 });
    const lines = parseExport('{"author_handle":"a"}\n[1]\n"text"\nnot json\n');
    expect({ documents: lines.documents, skipped: lines.skipped }).toEqual({
      documents: 4,
      skipped: { noAuthor: 0, unreadable: 3 },
    });
  });
});

describe('the author', () => {
  it('is author.handle, else author_handle, else author.name, else author_name', () => {
    const all = { author: { handle: 'h1', name: 'N1' }, author_handle: 'h2', author_name: 'N2' };
    expect(authorOf(all)).toBe('h1');
    expect(authorOf({ ...all, author: { name: 'N1' } })).toBe('h2');
    expect(authorOf({ author: { name: 'N1' }, author_name: 'N2' })).toBe('n1');
    expect(authorOf({ author: {}, author_name: 'N2' })).toBe('n2');
    expect(authorOf({ author: { handle: '  ' }, author_handle: 7, author_name: ' @Ann Lee ' })).toBe('ann lee');
    expect(authorOf({ author: 'someone' })).toBeUndefined();
  });

  it('is lower-cased, trimmed and without a leading @, names and handles alike', () => {
    expect(authorOf({ author: { handle: ' @@BoB ' } })).toBe('bob');
    expect(authorOf({ author_name: '@Carol Smith' })).toBe('carol smith');
  });

  it('missing: the document is skipped with that reason', () => {
    const built = net([{ author_handle: 'a', mentions: ['b'] }, { mentions: ['a'] }, { author: { handle: '@' } }]);
    expect(built.skipped).toEqual({ noAuthor: 2, unreadable: 0 });
    expect(built.used).toBe(1);
  });
});

describe('mentions', () => {
  it('from `mentions`: strings and objects with handle, distinct, lower-cased, without @', () => {
    const doc = { mentions: ['@Bob', { handle: 'BOB' }, { handle: '@carol' }, { name: 'x' }, 5, ''] };
    expect([...mentionsOf(doc)]).toEqual(['bob', 'carol']);
  });

  it('an empty `mentions` list means no mentions: no fallback to entities or text', () => {
    const doc = { mentions: [], entities: { user_mentions: [{ screen_name: 'x' }] }, text: '@y' };
    expect(mentionsOf(doc).size).toBe(0);
  });

  it('else entities.user_mentions[].screen_name, without falling back to text', () => {
    const doc = { entities: { user_mentions: [{ screen_name: 'Ann' }, { id: 1 }] }, text: '@zed' };
    expect([...mentionsOf(doc)]).toEqual(['ann']);
    expect(mentionsOf({ entities: { user_mentions: [] }, text: '@zed' }).size).toBe(0);
  });

  it('else the @handle tokens of content.text, text and title together', () => {
    const doc = {
      content: { text: 'Hi @Ann, and @ben.' },
      text: '(@cy) mail me at me@example.com',
      title: 'With @dee_1 and @e.f and @ann',
    };
    expect([...mentionsOf(doc)].sort()).toEqual(['ann', 'ben', 'cy', 'dee_1', 'e.f']);
    expect(mentionsOf({ mentions: null, text: '@x' })).toEqual(new Set(['x']));
  });

  it('count once per document per person; weight is the number of documents', () => {
    expect(
      ties([
        { author_handle: 'a', text: '@b @B @b' },
        { author_handle: 'a', mentions: ['b', 'b'] },
        { author_handle: 'a', title: '@c' },
      ]),
    ).toEqual(['a -> b Mention 2', 'a -> c Mention 1']);
  });

  it('to oneself are dropped', () => {
    expect(ties([{ author_handle: 'a', text: '@A and @b' }])).toEqual(['a -> b Mention 1']);
  });
});

describe('replies', () => {
  const parent = { url: 'https://x.example/1', author_handle: 'ann' };

  it("parent.url naming another document's url: that document's author", () => {
    expect(ties([parent, { author_handle: 'ben', parent: { url: ' https://x.example/1 ' } }])).toEqual([
      'ben -> ann Reply 1',
    ]);
  });

  it('the export order does not matter, and the url wins over parent.author.handle', () => {
    const reply = { author_handle: 'ben', parent: { url: 'https://x.example/1', author: { handle: 'zed' } } };
    expect(ties([reply, parent])).toEqual(['ben -> ann Reply 1']);
  });

  it('else parent.author.handle, lower-cased without @', () => {
    const reply = { author_handle: 'ben', parent: { url: 'https://elsewhere/2', author: { handle: '@Zed' } } };
    expect(ties([reply])).toEqual(['ben -> zed Reply 1']);
    expect(ties([{ author_handle: 'ben', parent: { url: 'https://elsewhere/2' } }])).toEqual([]);
  });

  it('a parent without an author does not count; replying to oneself is dropped', () => {
    const noAuthor = { url: 'https://x.example/9' };
    const built = net([noAuthor, { author_handle: 'ben', parent: { url: 'https://x.example/9' } }]);
    expect(tiesOf(built.data)).toEqual([]);
    expect(ties([parent, { author_handle: 'ann', parent: { url: 'https://x.example/1' } }])).toEqual([]);
  });

  it('weigh the number of replies', () => {
    const reply = { author_handle: 'ben', parent: { author: { handle: 'ann' } } };
    expect(ties([reply, reply, reply])).toEqual(['ben -> ann Reply 3']);
  });
});

describe('reposts', () => {
  it('repost.author.handle, else `RT @handle:` at the start of content.text or text', () => {
    expect(repostOf({ repost: { author: { handle: '@Ann' } }, text: 'RT @bob: x' })).toBe('ann');
    expect(repostOf({ content: { text: 'RT @Bob: x' } })).toBe('bob');
    expect(repostOf({ text: '  RT @cy: x' })).toBe('cy');
    expect(repostOf({ text: 'I say RT @cy: x' })).toBeUndefined();
    expect(repostOf({ text: 'RT @cy x' })).toBeUndefined();
    expect(repostOf({ title: 'RT @cy: x' })).toBeUndefined();
  });

  it('weigh the number of reposts; reposting oneself is dropped', () => {
    const rt = { author_handle: 'ben', mentions: [], text: 'RT @ann: hi' };
    expect(ties([rt, rt, { author_handle: 'ann', mentions: [], text: 'RT @ann: me' }])).toEqual([
      'ben -> ann Repost 2',
    ]);
  });
});

describe('people and their attributes', () => {
  it('every author and every person pointed to, in order of first appearance', () => {
    const built = net([
      { author_handle: 'b', mentions: ['z'] },
      { author_handle: 'a', parent: { author: { handle: 'y' } } },
    ]);
    expect(built.data.nodes.map((n) => n.name)).toEqual(['b', 'z', 'a', 'y']);
  });

  it('Posts, In export, Source type and Reach', () => {
    const built = net([
      { author_handle: 'a', source: { information_type: 'social' }, reach: 10, mentions: ['b'] },
      { author_handle: 'a', source_type: 'news', metrics: { reach: 5 } },
      { author_handle: 'a', source: { type: 'social' }, reach: 'many' },
      { author_handle: 'c', content_type: 'blogs', metrics: { reach: 0 } },
      { author_handle: 'd', source_information_type: ' forums ' },
    ]);
    expect(peopleOf(built.data)).toEqual({
      a: { Posts: 3, 'In export': 'yes', 'Source type': 'news, social', Reach: 15 },
      b: { Posts: 0, 'In export': 'no', 'Source type': null, Reach: null },
      c: { Posts: 1, 'In export': 'yes', 'Source type': 'blogs', Reach: 0 },
      d: { Posts: 1, 'In export': 'yes', 'Source type': 'forums', Reach: null },
    });
    expect(built.data.nodeAttributes).toEqual([
      { key: 'Posts', type: 'number' },
      { key: 'In export', type: 'category' },
      { key: 'Source type', type: 'category' },
      { key: 'Reach', type: 'number' },
    ]);
  });
});

describe('refusals (400, nothing built)', () => {
  it.each([
    ['an empty text', ''],
    ['blank lines', ' \n \n'],
    ['text that is not JSON', 'hello, world'],
    ['broken JSON on every line', '[{"author_handle": "a"},\n{"author_handle": "b"'],
  ])('%s: not JSON', (_, text) => {
    expect(refusal(() => parseExport(text))).toEqual({ code: 'BAD_REQUEST', message: MELTWATER_MSG.notJson });
  });

  it.each([
    ['an empty array', []],
    ['documents that is not a list', { documents: 'x' }],
    ['an empty documents list', { documents: [] }],
  ])('%s: no documents', (_, value) => {
    const refused = { code: 'BAD_REQUEST', message: MELTWATER_MSG.notExport };
    expect(refusal(() => parseExport(value as Doc))).toEqual(refused);
    expect(refusal(() => parseExport(JSON.stringify(value)))).toEqual(refused);
  });

  it('JSON text that is a string, number or null: no documents', () => {
    for (const text of ['"x"', '3', 'null', 'true']) {
      expect(refusal(() => parseExport(text)).message).toBe(MELTWATER_MSG.notExport);
    }
  });

  it('no usable documents, with how many were skipped and why', () => {
    expect(refusal(() => net([{ text: 'no author' }, 5, { author: {} }]))).toEqual({
      code: 'BAD_REQUEST',
      message: MELTWATER_MSG.noUsable(2, 1),
    });
  });

  it('over the size limit', () => {
    const big = `[${' '.repeat(MELTWATER_LIMITS.textMaxBytes)}]`;
    expect(refusal(() => parseExport(big))).toEqual({ code: 'BAD_REQUEST', message: MELTWATER_MSG.tooLarge });
  });

  it('nested past the depth limit: refused before anything parses the text', () => {
    const deep = `${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(refusal(() => checkedText(deep))).toEqual({ code: 'BAD_REQUEST', message: MELTWATER_MSG.tooDeep });
      expect(refusal(() => parseExport(deep))).toEqual({ code: 'BAD_REQUEST', message: MELTWATER_MSG.tooDeep });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    const max = MELTWATER_LIMITS.depthMax;
    const nested = (n: number) => `${'{"a":['.repeat(n / 2)}1${']}'.repeat(n / 2)}`;
    expect(refusal(() => parseExport(`[${nested(max)}]`)).message).toBe(MELTWATER_MSG.tooDeep);
    expect(refusal(() => parseExport(`[${nested(max - 2)}]`)).message).not.toBe(MELTWATER_MSG.tooDeep);
  });

  it('the depth scan counts brackets outside strings only, one pass, whatever the lines', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    // Brackets inside strings, escaped quotes and backslashes do not count.
    expect(nestsDeeperThan('["[[[[", "\\"", "{{{{\\\\"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[]]]', 2)).toBe(true);
    // NDJSON: each line's depth starts where the last closed; stray closers do not buy depth.
    expect(nestsDeeperThan('[[]]\n[[]]\n]]]]\n[[]]', 2)).toBe(false);
    // An unclosed quote ends with its line: it cannot hide what follows.
    expect(nestsDeeperThan('{"a\n[[[[', 3)).toBe(true);
  });

  it('too many documents, as a list or as lines', () => {
    const many = new Array(MELTWATER_LIMITS.documentsMax + 1).fill(1);
    expect(refusal(() => net(many)).message).toBe(MELTWATER_MSG.tooMany);
    const lines = '1\n'.repeat(MELTWATER_LIMITS.documentsMax + 1);
    expect(refusal(() => parseExport(lines)).message).toBe(MELTWATER_MSG.tooMany);
  });

  it("over the network model's node limit", () => {
    const docs = Array.from({ length: NETWORK_LIMITS.maxNodes + 1 }, (_, i) => ({
      author_handle: `p${i}`,
      mentions: [],
    }));
    expect(refusal(() => net(docs)).message).toBe(NETWORK_UPLOAD_MSG.tooManyNodes);
  });
});
