import { type DbHandle, organizations, surveys, userLogins, users } from '@tieline/db';
import { createTestDb } from '@tieline/db/testing';
import { defaultModules, MSG, type TPermission } from '@tieline/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSurvey } from '../src/access/surveys';
import type { Actor } from '../src/auth/actor';
import { AppError } from '../src/errors';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

let n = 0;
async function actor(organizationId: string | null, permission: TPermission | null): Promise<Actor> {
  n += 1;
  const [login] = await h.db
    .insert(userLogins)
    .values({ email: `a${n}@example.com`, username: `a${n}`, name: `A ${n}`, passwordHash: 'x' })
    .returning();
  const [user] = await h.db
    .insert(users)
    .values({ userLoginId: login!.id, organizationId, permission, modules: {} })
    .returning();
  return {
    userId: user!.id,
    userLoginId: login!.id,
    role: 'User',
    organizationId,
    permission,
    verified: true,
    personLevelPassive: false,
    modules: defaultModules(),
  };
}

async function surveyOf(owner: Actor) {
  const [s] = await h.db.insert(surveys).values({ ownerId: owner.userId, name: 'S' }).returning();
  return s!.id;
}

async function sees(who: Actor, surveyId: string) {
  return requireSurvey(h.db, who, surveyId).then(
    () => true,
    (e: unknown) => {
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ code: 'NOT_FOUND', message: MSG.surveyNotFound });
      return false;
    },
  );
}

describe('who may reach a survey by id', () => {
  it("the owner and their organization's Owner and Admins; nobody else, and all others get 404", async () => {
    const [org, other] = await h.db
      .insert(organizations)
      .values([
        { name: 'Acme', modules: {} },
        { name: 'Globex', modules: {} },
      ])
      .returning();
    const owner = await actor(org!.id, 'Owner');
    const admin = await actor(org!.id, 'Admin');
    const member = await actor(org!.id, 'Simplified Access-only');
    const colleague = await actor(org!.id, 'Simplified Access-only');
    const outsider = await actor(other!.id, 'Owner');
    const individual = await actor(null, null);

    const memberSurvey = await surveyOf(member);
    expect(await sees(member, memberSurvey)).toBe(true);
    expect(await sees(owner, memberSurvey)).toBe(true);
    expect(await sees(admin, memberSurvey)).toBe(true);
    expect(await sees(colleague, memberSurvey)).toBe(false);
    expect(await sees(outsider, memberSurvey)).toBe(false);
    expect(await sees(individual, memberSurvey)).toBe(false);

    const individualSurvey = await surveyOf(individual);
    expect(await sees(individual, individualSurvey)).toBe(true);
    expect(await sees(owner, individualSurvey)).toBe(false);
    expect(await sees(owner, '00000000-0000-4000-8000-000000000000')).toBe(false);
  });
});
