import { randomUUID } from 'node:crypto';
import { eq, lists, nodes, organizations, responses, sql, surveys, testEmails, userLogins, users } from '@tieline/db';
import {
  MODULES,
  matrixTypeFlags,
  newQuestion,
  PLAN_KEYS,
  type TModules,
  type TQuestionData,
  type TQuestionType,
} from '@tieline/validation';
import { hashPassword } from '../auth/password';
import { addCredits } from '../credits/ledger';
import type { JobDeps } from '../jobs/define';
import { seedDemoAona } from './demo-aona';
import { seedDemoNetworks } from './demo-networks';
import { seedDemoPassive } from './demo-passive';

export const DEMO = {
  email: 'demo@tieline.local',
  password: 'tieline-demo',
  organization: 'Acme Research (demo)',
  /** Respondent credits granted to each of the demo's accounts (individual and organization). */
  credits: 1_000_000,
};

const WELCOME =
  '<p>Hello {firstName},</p><p>This short survey asks who you work with. It takes about ten minutes. Your answers are confidential.</p>';
const THANKS = '<p>Thank you, {fullName}. Your answers have been saved.</p>';
const RESPONDENTS = [
  ['Ada Lovelace', 'Research'],
  ['Grace Hopper', 'Engineering'],
  ['Alan Turing', 'Research'],
  ['Katherine Johnson', 'Operations'],
  ['Dorothy Vaughan', 'Engineering'],
  ['Edsger Dijkstra', 'Engineering'],
  ['Barbara Liskov', 'Research'],
  ['Tim Berners-Lee', 'Operations'],
] as const;
const TEAMS = ['Research', 'Engineering', 'Operations', 'Sales', 'People'];
const emailOf = (name: string) => `${name.split(' ')[0]!.toLowerCase()}@example.com`;

const TEAM_COLUMN = { name: 'Team', type: 'text' } as const;

const options = (...titles: string[]) => titles.map((title) => ({ _id: randomUUID(), title }));

/**
 * The demo questionnaire: relationship questions over the respondent list, one over the supplementary
 * list of teams, two matrices fed by their answers, and one of each other type, on three pages.
 */
export function demoQuestions(lists: { respondents: string | null; teams: string | null }): TQuestionData[] {
  const q = (type: TQuestionType, text: string, over: Partial<TQuestionData> = {}): TQuestionData => ({
    ...newQuestion(type, randomUUID, lists.respondents),
    text,
    ...over,
  });
  const advice = q('searchAndSelect', '<p><strong>Who do you go to for advice about your work?</strong></p>', {
    isRelationshipQuestion: true,
    allowMultipleSelections: true,
    isRequired: true,
    abbreviation: 'Advice',
  });
  const collaboration = q(
    'multipleSelection',
    '<p><strong>Who have you worked with on a project in the last three months?</strong></p>',
    {
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: lists.respondents,
      abbreviation: 'Collaboration',
    },
  );
  return [
    q('descriptiveText', '<h2>Your network</h2><p>The next questions ask about the people you work with.</p>'),
    advice,
    collaboration,
    q('pageBreak', ''),
    q('matrixSelection', '<p><strong>How often do you talk with each of them?</strong></p>', {
      isRelationshipQuestion: true,
      previousQn: [collaboration._id],
      columnHeadings: options('Daily', 'Weekly', 'Monthly', 'Rarely'),
      abbreviation: 'Contact frequency',
    }),
    q('matrixSelection', '<p><strong>Which of the people you go to for advice know each other?</strong></p>', {
      isRelationshipQuestion: true,
      previousQn: [advice._id],
      ...matrixTypeFlags('undirected'),
      abbreviation: 'Advice ego network',
    }),
    q('multipleSelection', '<p><strong>Which teams do you depend on to get your work done?</strong></p>', {
      isRelationshipQuestion: true,
      allowMultipleSelections: true,
      list: lists.teams,
      abbreviation: 'Team dependence',
    }),
    q('pageBreak', ''),
    q('descriptiveText', '<h2>About you</h2>'),
    q('multipleSelection', '<p><strong>Which office do you work in?</strong></p>', {
      isAttribute: true,
      selectionOptions: options('London', 'New York', 'Singapore'),
      abbreviation: 'Office',
    }),
    q('singleNumeric', '<p><strong>How many years have you worked here?</strong></p>', {
      isAttribute: true,
      abbreviation: 'Tenure',
    }),
    q('numericRange', '<p><strong>How easy is it to get the information you need?</strong></p>', {
      numericRangeMax: 10,
      numericRangeDefault: 5,
      numericRangeMinLabel: 'Very hard',
      numericRangeMaxLabel: 'Very easy',
      numericRangeShowValues: true,
      abbreviation: 'Information access',
    }),
    q('freeFormText', '<p><strong>What would make working together easier?</strong></p>', { abbreviation: 'Ideas' }),
  ];
}

/**
 * Demo account and data, created once: a verified login with an individual account and an owner
 * seat in a demo organization (so sign-in shows the choose-organization step), a demo survey
 * with personal links, answers and a test email, and two demo networks (demo-networks.ts). Returns one personal link id and the test email's id.
 */
export async function seedDemo(
  deps: JobDeps,
): Promise<{ created: boolean; responseUUID: string; testEmailId: string }> {
  const { db } = deps;
  const existing = await db.select().from(userLogins).where(eq(userLogins.email, DEMO.email));
  if (existing[0]) {
    const [link] = await db
      .select({ uuid: responses.randomUuid })
      .from(responses)
      .innerJoin(surveys, eq(responses.surveyId, surveys.id))
      .innerJoin(users, eq(surveys.ownerId, users.id))
      .where(eq(users.userLoginId, existing[0].id))
      // The link nobody has submitted yet, as the first start printed (all eight were made at once).
      .orderBy(sql`${responses.submitted} is not null`, responses.createdAt, responses.nodeName)
      .limit(1);
    const [test] = await db
      .select({ id: testEmails.id })
      .from(testEmails)
      .innerJoin(surveys, eq(testEmails.surveyId, surveys.id))
      .innerJoin(users, eq(surveys.ownerId, users.id))
      .where(eq(users.userLoginId, existing[0].id))
      .limit(1);
    return { created: false, responseUUID: link?.uuid ?? '', testEmailId: test?.id ?? '' };
  }
  const passwordHash = await hashPassword(DEMO.password);
  const everyModule = Object.fromEntries(MODULES.map((m) => [m, { enabled: true }])) as TModules;
  const seeded = await db.transaction(async (tx) => {
    const [login] = await tx
      .insert(userLogins)
      .values({ email: DEMO.email, username: 'demo', name: 'Demo User', passwordHash, verified: true })
      .returning();
    const [individual] = await tx
      .insert(users)
      .values({ userLoginId: login!.id, subscriptionType: PLAN_KEYS.professional, modules: everyModule })
      .returning();
    // The demo login's users and organization have every module on (passive data, AONA and Meltwater
    // are off by default for new users and organizations), so a new user sees each of them working.
    const [org] = await tx.insert(organizations).values({ name: DEMO.organization, modules: everyModule }).returning();
    const [member] = await tx
      .insert(users)
      .values({
        userLoginId: login!.id,
        organizationId: org!.id,
        permission: 'Owner',
        subscriptionType: PLAN_KEYS.professional,
        modules: everyModule,
      })
      .returning();
    const [survey] = await tx
      .insert(surveys)
      .values({
        ownerId: individual!.id,
        name: 'Team collaboration survey (demo)',
        status: 'Collecting',
        welcomeMessage: WELCOME,
        thankYouMessage: THANKS,
      })
      .returning();
    const [respondentList, teamList] = await tx
      .insert(lists)
      .values([
        { surveyId: survey!.id, title: 'Respondents (demo)', type: 'Respondent List', columns: [TEAM_COLUMN] },
        { surveyId: survey!.id, title: 'Teams (demo)', type: 'Supplementary List' },
      ])
      .returning();
    await tx.insert(nodes).values([
      ...RESPONDENTS.map(([name, team], position) => ({
        listId: respondentList!.id,
        name,
        email: emailOf(name),
        firstName: name.split(' ')[0]!,
        attributes: { Team: { value: team, text: team } },
        position,
      })),
      ...TEAMS.map((name, position) => ({ listId: teamList!.id, name, firstName: name, position })),
    ]);
    const questions = demoQuestions({ respondents: respondentList!.id, teams: teamList!.id });
    const [withQuestions] = await tx.update(surveys).set({ questions }).where(eq(surveys.id, survey!.id)).returning();
    const links = await tx
      .insert(responses)
      .values(
        RESPONDENTS.map(([name]) => ({
          surveyId: survey!.id,
          nodeName: name,
          nodeEmail: emailOf(name),
          status: 'Not Started',
        })),
      )
      .returning({ uuid: responses.randomUuid });
    // Credits enough for the demo's uploads, the e2e suite's and the benchmarks' 100,000-row lists; the
    // demo respondents were paid for as an upload pays.
    await addCredits(
      tx,
      { userId: individual!.id },
      { change: DEMO.credits, reason: 'grant', note: 'Demo credits (demo)' },
    );
    await addCredits(
      tx,
      { userId: individual!.id },
      {
        change: -RESPONDENTS.length,
        reason: 'consumption',
        note: `Respondent List of ${survey!.name}`,
        actorUserId: individual!.id,
      },
    );
    await addCredits(
      tx,
      { organizationId: org!.id },
      { change: DEMO.credits, reason: 'grant', note: 'Demo credits (demo)' },
    );
    // As if the owner had sent themselves a test email: its link runs the survey and saves nothing.
    const [test] = await tx.insert(testEmails).values({ surveyId: survey!.id, to: DEMO.email }).returning();
    return {
      created: true,
      responseUUID: links[0]!.uuid,
      testEmailId: test!.id,
      network: { ownerId: individual!.id, survey: withQuestions!, respondentListId: respondentList!.id },
      passive: { userId: member!.id, userLoginId: login!.id, organizationId: org!.id, modules: everyModule },
    };
  });
  const { network, passive, ...answer } = seeded;
  await seedDemoNetworks(db, network.ownerId, network.survey, network.respondentListId);
  await seedDemoPassive(deps, passive);
  await seedDemoAona(db, passive.userId);
  return answer;
}
