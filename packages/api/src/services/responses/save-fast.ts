import { type Db, rowsOf, sql } from '@tieline/db';
import { pipeAnswers, type TAnswer, type TResponseStatus, type TSaveResult } from '@tieline/validation';
import { knownQuestions } from '../../access/surveys';
import { createBatcher } from '../../batching/batcher';
import type { Deps } from '../../deps';
import { perDb } from '../../per-db';
import { cleanAnswers, referencedNodeIds } from './answer-refs';
import type { SaveInput } from './save-rules';

/**
 * The common save (an answer typed on a collecting survey, revision current) without a read of its
 * own: the link's response and survey and the survey's questions come from this process's caches, and
 * concurrent saves are written together, one statement for the batch (group commit: one round trip and
 * one WAL flush for many saves). The statement applies a save only if, at that moment, the survey still
 * collects at the cached version, the revision is the one the client sent, the response is not submitted,
 * the saveId is new and every person the answers name belongs to the survey's lists; it computes what
 * changed against the stored answers and appends the history row. Null (take the locked path, which
 * answers every other case and fills the caches) when anything is not so.
 */
export async function saveFast(deps: Deps, input: SaveInput): Promise<TSaveResult | null> {
  const link = links.get(input.randomUUID);
  const survey = link && knownQuestions(link.surveyId);
  if (!link || !survey) return null;
  const sent = input.answers as TAnswer[];
  const nodeIds = referencedNodeIds(survey.questions, sent);
  // Every named person is assumed to be the survey's: the statement checks it and refuses otherwise.
  const answers = pipeAnswers(survey.questions, cleanAnswers(survey.questions, sent, new Set(nodeIds)));
  const item: BatchItem = {
    rid: link.id,
    ver: survey.version,
    rev: input.revision,
    save_id: input.saveId,
    answers,
    node_ids: nodeIds,
    page: input.page ?? null,
    ua: input.userAgent.slice(0, 500),
  };
  return batcherOf(deps.db)
    .submit(item)
    .catch(() => null);
}

// The response behind a personal link never changes: id and survey, learnt by the locked path.
const LINKS_CACHED = 100_000;
const links = new Map<string, { id: string; surveyId: string }>();

export function rememberLink(randomUUID: string, id: string, surveyId: string): void {
  if (links.has(randomUUID)) return;
  if (links.size >= LINKS_CACHED) links.delete(links.keys().next().value!);
  links.set(randomUUID, { id, surveyId });
}

/** One save as the batch statement takes it (jsonb_to_recordset's column names). */
interface BatchItem {
  rid: string;
  ver: number;
  rev: number;
  save_id: string;
  answers: TAnswer[];
  node_ids: string[];
  page: number | null;
  ua: string;
}

/** One batcher per database handle. */
const batcherOf = perDb((db) =>
  createBatcher<BatchItem, TSaveResult | null>((items) => writeBatch(db, items), {
    keyOf: (item) => item.rid,
    maxInFlight: 2,
    maxBatch: 100,
  }),
);

interface BatchRow {
  k: number;
  applied: boolean;
  unchanged: boolean;
  revision: number;
  status: string;
  started: Date | string | null;
}

async function writeBatch(db: Db, items: BatchItem[]): Promise<(TSaveResult | null)[]> {
  const input = JSON.stringify(items.map((item, k) => ({ ...item, k })));
  // `ok`: the save may apply. `changes`: what differs from the stored answers (an answer no longer sent
  // counts as emptied), as changedAnswers (save-rules.ts) computes it on the locked path.
  const rows = rowsOf<BatchRow>(
    await db.execute(sql`
    with i as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(k int, rid uuid, ver int, rev int, save_id text,
        answers jsonb, node_ids uuid[], page int, ua text)),
    cur as (
      select i.*, r.answers as old_answers, r.status as old_status,
        case when r.status in ('Not Sent', 'Not Started') then 'Started' else r.status end as new_status,
        s.status = 'Collecting' and s.version = i.ver and r.revision = i.rev and r.submitted is null
          and seen.save_id is null
          and (cardinality(i.node_ids) = 0 or (select count(*) from nodes n join lists l on l.id = n.list_id
            where l.survey_id = s.id and n.id = any(i.node_ids)) = cardinality(i.node_ids)) as ok
      from i join responses r on r.id = i.rid join surveys s on s.id = r.survey_id
        -- A lateral lookup by the history's key: never a hash of the whole history (as NOT EXISTS may
        -- become when the planner's statistics think it small).
        left join lateral (select rs.save_id from response_saves rs
          where rs.response_id = r.id and rs.save_id = i.save_id limit 1) seen on true),
    diff as (
      select c.*, coalesce((select jsonb_agg(d.a order by d.o) from (
          select n.a, n.o from jsonb_array_elements(c.answers) with ordinality n(a, o)
            where not exists (select 1 from jsonb_array_elements(c.old_answers) p(a)
              where p.a -> 'questionId' = n.a -> 'questionId' and p.a -> 'dataInput' = n.a -> 'dataInput')
          union all
          select jsonb_build_object('questionId', p.a -> 'questionId', 'dataInput', '[]'::jsonb), 1000000 + p.o
            from jsonb_array_elements(c.old_answers) with ordinality p(a, o)
            where not exists (select 1 from jsonb_array_elements(c.answers) n(a)
              where n.a -> 'questionId' = p.a -> 'questionId')) d), '[]'::jsonb) as changes
      from cur c where c.ok),
    todo as (select * from diff where jsonb_array_length(changes) > 0 or new_status <> old_status),
    saved as (
      update responses r set answers = t.answers, revision = r.revision + 1, status = t.new_status,
        started = coalesce(r.started, now())
      from todo t where r.id = t.rid and r.revision = t.rev and r.submitted is null
      returning r.id, r.revision, r.status, r.started),
    history as (
      insert into response_saves (response_id, save_id, revision, page, submitted, changes, user_agent)
      select t.rid, t.save_id, s.revision, t.page, false, t.changes, t.ua from saved s join todo t on t.rid = s.id)
    select c.k, s.id is not null as applied, c.ok and t.rid is null as unchanged,
      coalesce(s.revision, r.revision) as revision, coalesce(s.status, r.status) as status,
      coalesce(s.started, r.started) as started
    from cur c join responses r on r.id = c.rid
      left join todo t on t.k = c.k left join saved s on s.id = c.rid`),
  );
  const out: (TSaveResult | null)[] = items.map(() => null);
  for (const row of rows) {
    if (!row.applied && !row.unchanged) continue;
    out[row.k] = {
      revision: Number(row.revision),
      status: row.status as TResponseStatus,
      started: row.started === null ? null : new Date(row.started).toISOString(),
      submitted: null,
    };
  }
  return out;
}
