import { eq, surveys } from '@tieline/db';
import { searchCountCap } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, startTestApp, type TestApp } from './helpers';
import { uploadSupplementary, xlsx } from './lists-fixtures';
import { collectingSurvey, question, respondent } from './responses-setup';
import { restOf } from './surveys-setup';

// Name search over a list large enough for every path of services/nodes/matching-nodes.ts (matches
// sorted, the list walked in name order, the count's cap), checked page by page against a model.

let app: TestApp;
let owner: SeededUser;
let listId: string;
let randomUUID: string;

// 6,000 one-word names of lowercase letters (one order under any collation): a 4-letter code (in name
// order), then markers so that "qqq" matches the first 3,500, "soon" the first 1,000 and "ppp" the last
// 2,500 (the page, and for "qqq" and "soon" the capped count, within the walk of SEARCH_WALK_ROWS names),
// "zzy" 2,250 (spread: the first pages in the walk, counted through the trigram index), "late" the last
// 1,000 (none in the walk: found through the trigram index and sorted), "vk" ~450 and "xw" ~1,800 (too short
// for trigrams: within and past the cap).
const code = (i: number) => [3, 2, 1, 0].map((p) => String.fromCharCode(97 + (Math.floor(i / 26 ** p) % 26))).join('');
const NAMES = Array.from(
  { length: 6000 },
  (_, i) =>
    `${code(i)}${i < 3500 ? 'qqq' : 'ppp'}${i % 8 < 3 ? 'zzy' : 'yyz'}${i % 10 < 3 ? 'xw' : 'ww'}${i % 40 < 3 ? 'vk' : 'kk'}${i < 1000 ? 'soon' : i < 5000 ? 'mid' : 'late'}`,
);

beforeAll(async () => {
  app = await startTestApp({ smtp: false });
  owner = await seedUser(app, 'individual');
  let people = '';
  const s = await collectingSurvey(app, owner, ({ respondentList }) => {
    people = respondentList;
    return [question('searchAndSelect', { _id: 'q-who', isRelationshipQuestion: true, list: respondentList })];
  });
  const big = await uploadSupplementary(app, owner.cookie, s.surveyId, xlsx([['Name'], ...NAMES.map((n) => [n])]), {
    title: 'Everyone',
  });
  listId = big.body._id;
  randomUUID = s.linkOf('ada@example.com');
  await app.server.deps.db
    .update(surveys)
    .set({
      questions: [
        question('searchAndSelect', { _id: 'q-who', isRelationshipQuestion: true, list: people }),
        question('searchAndSelect', { _id: 'q-all', isRelationshipQuestion: true, list: listId }),
      ],
    })
    .where(eq(surveys.id, s.surveyId));
});
afterAll(() => app.close());

// The owner's preview searches without the limits put on links (nodes-search-limits.test.ts), so every
// page of every path is compared with the model; a respondent's link answers the same within them.
const search = async (name: string, page: number) => {
  const query = { listId, name, page: String(page), limit: '100' };
  const res = await restOf(app, owner).get(`/nodes/getMatchingNodes?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  if (name.length >= 2 && page * 100 <= searchCountCap(name)) {
    const byLink = await respondent(app).get(
      `/nodes/getMatchingNodes?${new URLSearchParams({ ...query, randomUUID })}`,
    );
    expect(byLink.body).toEqual(res.body);
  }
  return res.body as { count: number; nodes: { name: string }[] };
};

describe('name search over 6,000 names', () => {
  for (const [pattern, least, most] of [
    ['qqq', 3500, 3500],
    ['ZZY', 2250, 2250],
    ['xw', 1001, 2000],
    ['vk', 1, 999],
    ['ppp', 2500, 2500],
    ['late', 1000, 1000],
    ['soon', 1000, 1000],
    ['nomatch', 0, 0],
    ['', 6000, 6000],
    ['J', 1, 6000],
  ] as const) {
    const cap = searchCountCap(pattern);
    it(`"${pattern}": the count (capped at ${cap}) and pages 1, 3 and one past the end as the model has them`, async () => {
      const model = NAMES.filter((n) => n.includes(pattern.toLowerCase())).sort();
      expect(model.length).toBeGreaterThanOrEqual(least);
      expect(model.length).toBeLessThanOrEqual(most);
      for (const page of [1, 3, Math.ceil(model.length / 100) + 1]) {
        const found = await search(pattern, page);
        expect(found.count).toBe(Math.min(model.length, cap));
        expect(found.nodes.map((n) => n.name)).toEqual(model.slice((page - 1) * 100, page * 100));
      }
    });
  }
});
