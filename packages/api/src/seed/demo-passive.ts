import { passiveConnections } from '@tieline/db';
import { effectiveModules, type TModules, ZQueryInput } from '@tieline/validation';
import { passiveAccountOf } from '../access/passive-data';
import type { SignedInCaller } from '../auth/actor';
import { newUploadKey, readyUploadsDir, uploadPath } from '../connectors/slack/export-upload';
import { writeSlackExport } from '../connectors/slack/generate-export';
import type { JobDeps } from '../jobs/define';
import { passiveQueryRunJob } from '../jobs/definitions/passive-query-run';
import { passiveSyncJob } from '../jobs/definitions/passive-sync';
import { createQuery } from '../services/passive-data/queries-crud';
import { queueQueryRun } from '../services/passive-data/queries-schedule';

// The demo organization's passive data: a Slack export of its people (three months up to today,
// generated deterministically), imported as an upload is, and one query's network, so a new user sees
// the module working on the embedded database without any outside service (docs/passive-data.md).

const DEPARTMENTS = ['Research', 'Engineering', 'Operations', 'Sales', 'People'] as const;
const OFFICES = ['London', 'New York', 'Singapore'] as const;
const FIRST = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena'];
const LAST = ['Alvarez', 'Brown', 'Cohen', 'Diallo'];
const DAYS = 91;

const demoPeople = () =>
  FIRST.flatMap((first, i) =>
    LAST.map((last, j) => ({
      email: `${first.toLowerCase()}.${last.toLowerCase()}@acme.example`,
      name: `${first} ${last}`,
      title: j === 0 ? 'Team lead' : 'Analyst',
      department: DEPARTMENTS[(i + j) % DEPARTMENTS.length]!,
      location: OFFICES[(i * 4 + j) % OFFICES.length]!,
    })),
  );

export async function seedDemoPassive(
  deps: JobDeps,
  owner: { userId: string; userLoginId: string; organizationId: string; modules: TModules },
): Promise<void> {
  const caller: SignedInCaller = {
    ip: '127.0.0.1',
    local: true,
    actor: {
      userId: owner.userId,
      userLoginId: owner.userLoginId,
      role: 'User',
      organizationId: owner.organizationId,
      permission: 'Owner',
      verified: true,
      modules: effectiveModules(owner.modules, owner.modules),
      personLevelPassive: false,
    },
  };
  const account = await passiveAccountOf(deps.db, deps.secrets, caller.actor);
  const key = newUploadKey();
  const path = uploadPath(deps.env, key);
  await readyUploadsDir(deps.env);
  const start = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
  const written = await writeSlackExport(path, {
    seed: 2026,
    people: demoPeople(),
    channels: 6,
    privateChannels: 2,
    dms: 30,
    mpims: 6,
    start,
    days: DAYS,
    messagesPerDay: 120,
  });
  const [connection] = await deps.db
    .insert(passiveConnections)
    .values({
      accountId: account.id,
      source: 'slack',
      method: 'export',
      name: 'Acme Slack (demo)',
      externalId: written.teamId,
      uploadKey: key,
      // The export writes its profile fields by id, as Slack does: named as an upload's fieldLabels name them.
      options: { fieldLabels: written.fieldLabels },
      createdBy: owner.userId,
    })
    .returning();
  // Imported now, as the job would (the first start prints the demo once it is all there).
  await passiveSyncJob.handle(deps, { connectionId: connection!.id });
  const query = await createQuery(
    deps,
    caller,
    ZQueryInput.parse({
      name: 'Slack collaboration (demo)',
      sources: ['slack'],
      types: ['reply', 'mention', 'reaction', 'directMessage'],
      lastDays: DAYS,
      attributes: ['title', 'Department', 'Location'],
      schedule: 'daily',
    }),
  );
  const runId = await queueQueryRun(deps, query._id);
  if (runId) await passiveQueryRunJob.handle(deps, { runId });
}
