import { type Db, eq, organizations, responses, surveys, userLogins, users } from '@tieline/db';
import { PLAN_KEYS } from '@tieline/validation';
import { hashPassword } from '../auth/password';
import { defaultModules } from '../services/users/user-wire';

export const DEMO = { email: 'demo@tieline.local', password: 'tieline-demo', organization: 'Acme Research (demo)' };

const WELCOME =
  '<p>Hello {firstName},</p><p>This short survey asks who you work with. It takes about ten minutes. Your answers are confidential.</p>';
const THANKS = '<p>Thank you, {fullName}. Your answers have been saved.</p>';
const RESPONDENTS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'];

/**
 * Demo account and data, created once: a verified login with an individual account and an owner
 * seat in a demo organization (so sign-in shows the choose-organization step), and a demo survey
 * with personal links. Returns one personal link id.
 */
export async function seedDemo(db: Db): Promise<{ created: boolean; responseUUID: string }> {
  const existing = await db.select().from(userLogins).where(eq(userLogins.email, DEMO.email));
  if (existing[0]) {
    const [link] = await db
      .select({ uuid: responses.randomUuid })
      .from(responses)
      .innerJoin(surveys, eq(responses.surveyId, surveys.id))
      .innerJoin(users, eq(surveys.ownerId, users.id))
      .where(eq(users.userLoginId, existing[0].id))
      .orderBy(responses.createdAt)
      .limit(1);
    return { created: false, responseUUID: link?.uuid ?? '' };
  }
  const passwordHash = await hashPassword(DEMO.password);
  return db.transaction(async (tx) => {
    const [login] = await tx
      .insert(userLogins)
      .values({ email: DEMO.email, username: 'demo', name: 'Demo User', passwordHash, verified: true })
      .returning();
    const [individual] = await tx
      .insert(users)
      .values({ userLoginId: login!.id, subscriptionType: PLAN_KEYS.professional, modules: defaultModules() })
      .returning();
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO.organization, modules: defaultModules() })
      .returning();
    await tx.insert(users).values({
      userLoginId: login!.id,
      organizationId: org!.id,
      permission: 'Owner',
      subscriptionType: PLAN_KEYS.professional,
      modules: defaultModules(org),
    });
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
    const links = await tx
      .insert(responses)
      .values(
        RESPONDENTS.map((name) => ({
          surveyId: survey!.id,
          nodeName: name,
          nodeEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
          status: 'Not Started',
        })),
      )
      .returning({ uuid: responses.randomUuid });
    return { created: true, responseUUID: links[0]!.uuid };
  });
}
