import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, eq, responses, rowsOf, sql, surveys, userLogins, users } from '../src/index';
import { createTestDb } from '../src/testing';

// The per-status counters that migration 0007's statement triggers keep on `responses`, checked
// against a count of the rows after every kind of statement that changes them.

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

async function survey(): Promise<string> {
  const { db } = handle;
  const [login] = await db
    .insert(userLogins)
    .values({
      email: `${crypto.randomUUID()}@example.com`,
      username: crypto.randomUUID(),
      name: 'O',
      passwordHash: 'x',
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ userLoginId: login!.id, modules: {} as never })
    .returning();
  const [row] = await db.insert(surveys).values({ ownerId: user!.id, name: 'Counted' }).returning();
  return row!.id;
}

/** Counters and real counts, as `status=n` strings per survey, for one comparison. */
async function both(): Promise<[string[], string[]]> {
  const kept = rowsOf<{ k: string }>(
    await handle.db.execute(
      sql`select survey_id || ' ' || status || '=' || n as k from response_status_counts order by 1`,
    ),
  ).map((r) => r.k);
  const real = rowsOf<{ k: string }>(
    await handle.db.execute(
      sql`select survey_id || ' ' || status || '=' || count(*) as k from responses group by survey_id, status order by 1`,
    ),
  ).map((r) => r.k);
  return [kept, real];
}

describe('response_status_counts', () => {
  it('follows inserts, status updates, answer-only updates, deletes and a survey delete', async () => {
    const { db } = handle;
    const [a, b] = [await survey(), await survey()];
    await db.execute(sql`
      insert into responses (survey_id, node_name, status)
      select case when i % 3 = 0 then ${b}::uuid else ${a}::uuid end, 'P' || i,
        (array['Not Sent', 'Not Started', 'Started'])[1 + i % 3]
      from generate_series(1, 300) i`);
    expect((await both())[0]).toEqual((await both())[1]);

    await db.update(responses).set({ status: 'Submitted' }).where(sql`${responses.nodeName} like 'P1%'`);
    await db
      .update(responses)
      .set({ answers: [{ questionId: 'q', dataInput: [] }] })
      .where(eq(responses.surveyId, a));
    await db.update(responses).set({ status: 'Bounced' }).where(sql`${responses.nodeName} in ('P2', 'P4', 'P5')`);
    let [kept, real] = await both();
    expect(kept).toEqual(real);

    await db.delete(responses).where(sql`${responses.nodeName} like 'P2%'`);
    [kept, real] = await both();
    expect(kept).toEqual(real);

    // Deleting a survey cascades to its responses; its counters go with them.
    await db.delete(surveys).where(eq(surveys.id, b));
    [kept, real] = await both();
    expect(kept).toEqual(real);
    expect(kept.some((k) => k.startsWith(b))).toBe(false);
    expect(kept.every((k) => !k.endsWith('=0'))).toBe(true);
  });

  it('stays right under concurrent status changes of one survey', async () => {
    const { db } = handle;
    const s = await survey();
    await db.execute(sql`
      insert into responses (survey_id, node_name) select ${s}::uuid, 'C' || i from generate_series(1, 60) i`);
    const ids = (await db.select({ id: responses.id }).from(responses).where(eq(responses.surveyId, s))).map(
      (r) => r.id,
    );
    const statuses = ['Started', 'Submitted', 'Starred', 'Not Started'];
    await Promise.all(
      ids.map((id, i) =>
        db.transaction(async (tx) => {
          await tx
            .update(responses)
            .set({ status: statuses[i % 4]! })
            .where(eq(responses.id, id));
          await tx
            .update(responses)
            .set({ status: statuses[(i + 1) % 4]! })
            .where(eq(responses.id, id));
        }),
      ),
    );
    const [kept, real] = await both();
    expect(kept).toEqual(real);
  });
});
