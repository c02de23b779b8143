import { inArray, networkShares, sql, userLogins, users } from '@tieline/db';
import {
  duplicateMessages,
  emailProblem,
  LIST_MSG,
  NETWORK_SHARES_UPLOAD_MSG as M,
  NETWORK_MANAGE_LIMITS,
  type TNetworkShare,
} from '@tieline/validation';
import { requireNetwork } from '../../access/networks';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { requestWork } from '../../workers/request-work';
import { readFirstSheetInWorker } from '../../xlsx/read-in-worker';
import { WorkbookError } from '../../xlsx/workbook-error';
import { listShares } from './network-shares';

const LIMITS = {
  maxFileBytes: 2 * 1024 * 1024,
  maxRows: NETWORK_MANAGE_LIMITS.sharesMax,
  maxColumns: 20,
  maxZipEntries: 200,
  maxUnzippedBytes: 20 * 1024 * 1024,
};

const refuse = (message: string) => new AppError('BAD_REQUEST', message);
const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();

/**
 * {id}/manage/users/upload: an xlsx of Name, Email, Permission. Every row is checked before anything
 * changes (headings, blanks, valid and unique emails, known people, View/Edit); then each listed person
 * gets the permission listed, in one statement. People not listed keep their access.
 */
export async function uploadShares(
  deps: Deps,
  caller: SignedInCaller,
  input: { id: string; bytes: Buffer },
): Promise<TNetworkShare[]> {
  const { network } = await requireNetwork(deps.db, caller.actor, input.id, 'owner');
  let rows: string[][];
  try {
    rows = await readFirstSheetInWorker(requestWork(deps, caller, 'shares upload'), input.bytes, LIMITS);
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    const { problem, place } = error;
    if (problem === 'formulaWithoutValue')
      throw refuse(LIST_MSG.formulaWithoutValue(place.sheet ?? '', place.cell ?? ''));
    throw refuse(problem === 'tooManyRows' ? M.tooMany : M.incorrectFormat);
  }
  const [heading, ...body] = rows;
  if (!same(heading?.[0], 'Name') || !same(heading?.[1], 'Email') || !same(heading?.[2], 'Permission')) {
    throw refuse(M.heading);
  }
  const people = body
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((r, i) => ({
      row: i + 2,
      name: (r[0] ?? '').trim(),
      email: (r[1] ?? '').trim().toLowerCase(),
      permission: (r[2] ?? '').trim(),
    }));
  if (people.some((p) => !p.name || !p.email || !p.permission)) throw refuse(M.blanks);
  const bad = people.find((p) => emailProblem(p.email));
  if (bad) throw refuse(M.invalidEmail(bad.email));
  const repeated = [...repeats(people.map((p) => p.name.toLowerCase())), ...repeats(people.map((p) => p.email))];
  if (repeated.length > 0) {
    throw refuse(duplicateMessages(repeated, M.duplicated).join(' '));
  }
  const wrong = people.find((p) => !['view', 'edit'].includes(p.permission.toLowerCase()));
  if (wrong) throw refuse(M.permission(wrong.row));

  const logins = people.length
    ? await deps.db
        .select({ id: userLogins.id, email: sql<string>`lower(${userLogins.email})` })
        .from(userLogins)
        .where(
          inArray(
            sql`lower(${userLogins.email})`,
            people.map((p) => p.email),
          ),
        )
    : [];
  const byEmail = new Map(logins.map((l) => [l.email, l.id]));
  const unknown = people.filter((p) => !byEmail.has(p.email)).map((p) => p.email);
  if (unknown.length > 0) throw refuse(M.unknownUsers(unknown));
  const [owner] = await deps.db
    .select({ login: users.userLoginId })
    .from(users)
    .where(sql`${users.id} = ${network.ownerId}`);
  if (logins.some((l) => l.id === owner?.login)) throw refuse(M.owner);

  const values = people.map((p) => ({
    networkId: network.id,
    userLoginId: byEmail.get(p.email)!,
    permission: p.permission.toLowerCase() === 'edit' ? 'Edit' : 'View',
  }));
  if (values.length > 0) {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(networkShares)
        .values(values)
        .onConflictDoUpdate({
          target: [networkShares.networkId, networkShares.userLoginId],
          set: { permission: sql`excluded.permission` },
        });
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(networkShares)
        .where(sql`${networkShares.networkId} = ${network.id}`);
      if (Number(n) > NETWORK_MANAGE_LIMITS.sharesMax) throw refuse(M.tooMany);
    });
  }
  return await listShares(deps, caller, input);
}

/** Values that occur more than once, each named once, in order of first repeat. */
function repeats(values: string[]): string[] {
  const seen = new Set<string>();
  const out = new Set<string>();
  for (const v of values) (seen.has(v) ? out : seen).add(v);
  return [...out];
}
