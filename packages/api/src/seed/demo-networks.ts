import { and, type Db, eq, inArray, nodes, responses, type surveys } from '@tieline/db';
import { seededRandom, type TNetworkData } from '@tieline/graph';
import type { TAnswer, TQuestionData } from '@tieline/validation';
import { documentOf, insertNetwork } from '../network-store/store-network';
import { createSurveyNetworkFor } from '../services/networks/survey-network';

// The demo account's networks: one as an upload would make it (an organization of 60 people in five
// departments, advice and collaboration layers) and one made from the demo survey's answers.

const DEPARTMENTS = ['Research', 'Engineering', 'Operations', 'Sales', 'People'] as const;
const OFFICES = ['London', 'New York', 'Singapore'] as const;
const FIRST = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena'];
const LAST = ['Alvarez', 'Brown', 'Cohen', 'Diallo', 'Evans'];

export function demoOrganizationNetwork(): TNetworkData {
  const next = seededRandom(2026);
  const people = FIRST.flatMap((first) => LAST.map((last) => `${first} ${last}`));
  const nodes = people.map((name, i) => ({
    name,
    attributes: {
      Department: DEPARTMENTS[i % DEPARTMENTS.length]!,
      Office: OFFICES[Math.floor(next() * OFFICES.length)]!,
      Tenure: 1 + Math.floor(next() * 15),
      Started: `20${10 + Math.floor(next() * 15)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`,
    },
  }));
  const edges: TNetworkData['edges'] = [];
  for (let s = 0; s < nodes.length; s++) {
    for (let t = 0; t < nodes.length; t++) {
      if (s === t) continue;
      const same = s % DEPARTMENTS.length === t % DEPARTMENTS.length;
      if (next() < (same ? 0.2 : 0.015)) edges.push({ source: s, target: t, layer: 0, weight: 1, attributes: {} });
      if (next() < (same ? 0.12 : 0.03)) {
        edges.push({ source: s, target: t, layer: 1, weight: 1 + Math.floor(next() * 5), attributes: {} });
      }
    }
  }
  return {
    directed: true,
    layers: ['Advice', 'Collaboration'],
    nodeAttributes: [
      { key: 'Department', type: 'category' },
      { key: 'Office', type: 'category' },
      { key: 'Tenure', type: 'number' },
      { key: 'Started', type: 'date' },
    ],
    edgeAttributes: [],
    nodes,
    edges,
  };
}

/** Answers of the demo survey's first two relationship questions (advice, collaboration) by most respondents. */
async function answerDemoSurvey(db: Db, survey: typeof surveys.$inferSelect, respondentListId: string) {
  const questions = survey.questions as unknown as TQuestionData[];
  const [advice, collaboration] = questions.filter((q) => q.isRelationshipQuestion);
  const people = await db
    .select({ id: nodes.id, name: nodes.name })
    .from(nodes)
    .where(eq(nodes.listId, respondentListId))
    .orderBy(nodes.position);
  const next = seededRandom(7);
  const now = new Date();
  // The first respondent's link is the one the README prints: left unanswered for the reader.
  for (const [i, person] of people.entries()) {
    if (i === 0) continue;
    const others = people.filter((p) => p.id !== person.id);
    const pick = (p: number) => others.filter(() => next() < p).map((o) => o.id);
    const answers: TAnswer[] = [
      { questionId: advice!._id, dataInput: [{ selectedIds: pick(0.35) }] },
      { questionId: collaboration!._id, dataInput: [{ selectedIds: pick(0.45) }] },
    ];
    await db
      .update(responses)
      .set({ answers, status: 'Submitted', started: now, submitted: now, revision: 1 })
      .where(and(eq(responses.surveyId, survey.id), inArray(responses.nodeName, [person.name])));
  }
}

export async function seedDemoNetworks(
  db: Db,
  ownerId: string,
  survey: typeof surveys.$inferSelect,
  respondentListId: string,
) {
  await insertNetwork(db, {
    ownerId,
    name: 'Acme organization (demo)',
    description: 'An uploaded network: 60 people in five departments, who they ask for advice and work with.',
    document: documentOf(demoOrganizationNetwork()),
  });
  await answerDemoSurvey(db, survey, respondentListId);
  await createSurveyNetworkFor(null, db, ownerId, survey, 'Team collaboration survey network (demo)');
}
