import { and, type Db, eq, lists, nodes, responses, sql, surveys, type Tx, uniqueViolation } from '@tieline/db';
import {
  emailKey,
  LIST_MSG,
  nameKey,
  namingSheetRead,
  type TListNodeInput,
  type TListType,
  type TUploadFields,
  uploadErrorPayload,
  ZListTitle,
} from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { accountKeyOf } from '../../jobs/payloads';
import { requestWork } from '../../workers/request-work';
import { readList } from './read-sheet';
import { titleTaken } from './require-list';
import { chargeNewRespondents } from './respondent-credits';
import {
  deleteNodes,
  deleteResponses,
  insertNodes,
  insertResponses,
  type NodeRow,
  renameResponses,
  updateNodes,
} from './store-nodes';
import { refusal } from './upload-error';

export interface UploadListInput {
  surveyId: string;
  /** Which route was called: uploadRespondentList or uploadSupplementaryList. */
  type: TListType;
  fields: TUploadFields;
  file: { fileName: string; bytes: Buffer } | null;
}

export interface UploadListResult {
  _id: string;
  title: string;
  type: TListType;
  /** One per respondent new to the survey (respondent-credits.ts); 0 for supplementary lists. */
  respondentCreditsUsed: number;
}

/**
 * An upload creates or replaces a list (surveys spec §4, §5, §7): the file is read and checked by the
 * shared rules, then the list, its nodes and (for the respondent list) the survey's personal links are
 * replaced in one transaction, so a refusal or failure leaves the old list as it was. Nodes and links
 * that stay keep their ids (answers refer to them); those that would go are only removed when the
 * upload is repeated with skipCheckForDeletedNodes, after the user confirmed the 409's list of names.
 */
/** A list upload that adds or removes this many rows refreshes the planner's statistics afterwards. */
const ANALYZE_AFTER_ROWS = 1000;

export async function uploadList(deps: Deps, caller: SignedInCaller, input: UploadListInput) {
  const { db } = deps;
  const survey = await requireSurvey(db, caller.actor, input.surveyId);
  const { type, fields } = input;
  if (fields.type && fields.type !== type) throw refusal(uploadErrorPayload('format', LIST_MSG.typeMismatch));
  const listId = type === 'Supplementary List' && fields.listId ? fields.listId : null;
  if (listId) await requireOwnList(db, survey.id, listId);
  if (!input.file) throw refusal(uploadErrorPayload('format', LIST_MSG.fileMissing));

  const sheet = await readList(requestWork(deps, caller, 'list upload'), input.file.bytes, type);
  const checked = sheet.checked;
  if (!checked.ok) throw refusal(sheet.sheets > 1 ? namingSheetRead(checked.error, sheet.name) : checked.error);
  const title = fields.title?.trim() ? ZListTitle.safeParse(fields.title) : null;
  if (title && !title.success) {
    throw refusal(uploadErrorPayload('title', title.error.issues[0]?.message ?? LIST_MSG.titleRequired));
  }

  let changedRows = 0;
  try {
    const result = await db.transaction(async (tx) => {
      // One upload of a survey's lists at a time: the second waits, then sees what the first stored.
      await tx.execute(sql`select id from ${surveys} where id = ${survey.id} for update`);
      const existing = listId
        ? await tx.query.lists.findFirst({ where: eq(lists.id, listId) })
        : type === 'Respondent List'
          ? await tx.query.lists.findFirst({ where: and(eq(lists.surveyId, survey.id), eq(lists.type, type)) })
          : undefined;
      const finalTitle = title?.data ?? existing?.title ?? defaultTitle(type, input.file!.fileName);
      if (await titleTaken(tx, survey.id, finalTitle, existing?.id)) {
        throw refusal(uploadErrorPayload('title', LIST_MSG.titleTaken));
      }

      const plan = await planNodes(tx, existing?.id ?? null, type, checked.nodes);
      const links = type === 'Respondent List' ? await planLinks(tx, survey.id, checked.nodes) : null;
      const respondentCreditsUsed = links ? await chargeNewRespondents(tx, caller, survey, links.added.length) : 0;
      const removedNames = unique([...plan.removed.map((n) => n.name), ...(links?.removed.map((r) => r.name) ?? [])]);
      if (removedNames.length > 0 && !fields.skipCheckForDeletedNodes) {
        const message = type === 'Respondent List' ? LIST_MSG.respondentsDeleted : LIST_MSG.nodesDeleted;
        const emails = [...plan.removed.map((n) => n.email), ...(links?.removed.map((r) => r.email) ?? [])];
        throw refusal(
          uploadErrorPayload('deletion', message, {
            deletedNodesNames: removedNames,
            deletedUserEmails: unique(emails.filter((e): e is string => !!e)),
          }),
        );
      }

      const values = { title: finalTitle, columns: checked.columns, updatedAt: new Date() };
      const [list] = existing
        ? await tx.update(lists).set(values).where(eq(lists.id, existing.id)).returning()
        : await tx
            .insert(lists)
            .values({ ...values, surveyId: survey.id, type })
            .returning();
      await deleteNodes(
        tx,
        plan.removed.map((n) => n.id),
      );
      await updateNodes(tx, plan.kept);
      await insertNodes(tx, list!.id, plan.added);
      if (links) {
        await deleteResponses(
          tx,
          links.removed.map((r) => r.id),
        );
        await renameResponses(tx, links.renamed);
        await insertResponses(tx, survey.id, links.added);
      }
      changedRows = plan.added.length + plan.removed.length + (links ? links.added.length + links.removed.length : 0);
      return { _id: list!.id, title: list!.title, type, respondentCreditsUsed } satisfies UploadListResult;
    });
    // Fresh statistics for the name search's plans once many rows came or went (a job: not this request's time).
    if (changedRows >= ANALYZE_AFTER_ROWS)
      await deps.enqueue('analyze-tables', { tables: ['nodes', 'responses'] }, { account: accountKeyOf(caller.actor) });
    return result;
  } catch (error) {
    // A rename (which does not wait for the survey lock) took the title between the check and the write.
    if (uniqueViolation(error) === 'lists_title_key') throw refusal(uploadErrorPayload('title', LIST_MSG.titleTaken));
    throw error;
  }
}

async function requireOwnList(db: Db, surveyId: string, listId: string) {
  const list = await db.query.lists.findFirst({ where: and(eq(lists.id, listId), eq(lists.surveyId, surveyId)) });
  if (list?.type !== 'Supplementary List') throw new AppError('NOT_FOUND', LIST_MSG.listNotFound);
}

function defaultTitle(type: TListType, fileName: string): string {
  const base = ZListTitle.safeParse(fileName.replace(/\.[^.]*$/, ''));
  return type === 'Supplementary List' && base.success ? base.data : type;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** A node's identity across uploads: its email in a respondent list, its name in a supplementary one. */
const nodeKey = (type: TListType, n: { name: string; email: string | null }) =>
  type === 'Respondent List' && n.email ? emailKey(n.email) : nameKey(n.name);

async function planNodes(tx: Tx, listId: string | null, type: TListType, incoming: TListNodeInput[]) {
  const current = listId
    ? await tx
        .select({ id: nodes.id, name: nodes.name, email: nodes.email })
        .from(nodes)
        .where(eq(nodes.listId, listId))
    : [];
  const byKey = new Map(current.map((n) => [nodeKey(type, n), n]));
  const row = (n: TListNodeInput, position: number): NodeRow => ({
    name: n.name,
    email: n.email,
    first_name: n.firstName,
    attributes: n.attributes,
    position,
  });
  const kept: (NodeRow & { id: string })[] = [];
  const added: NodeRow[] = [];
  incoming.forEach((n, i) => {
    const old = byKey.get(nodeKey(type, n));
    byKey.delete(nodeKey(type, n));
    if (old) kept.push({ ...row(n, i), id: old.id });
    else added.push(row(n, i));
  });
  return { kept, added, removed: [...byKey.values()] };
}

/**
 * The survey's personal links against a respondent list: one per respondent, matched by email (by
 * name for links without one, such as single-link respondents). Links of people no longer listed go,
 * with their answers, once confirmed.
 */
async function planLinks(tx: Tx, surveyId: string, incoming: TListNodeInput[]) {
  const current = await tx
    .select({ id: responses.id, name: responses.nodeName, email: responses.nodeEmail })
    .from(responses)
    .where(eq(responses.surveyId, surveyId));
  const listed = new Map<string, TListNodeInput>();
  for (const n of incoming) {
    listed.set(`e:${emailKey(n.email!)}`, n);
    listed.set(`n:${nameKey(n.name)}`, n);
  }
  const linkKey = (r: { name: string; email: string | null }) =>
    r.email ? `e:${emailKey(r.email)}` : `n:${nameKey(r.name)}`;
  const linkedEmails = new Set(current.filter((r) => r.email).map((r) => emailKey(r.email!)));
  const removed = current.filter((r) => !listed.has(linkKey(r)));
  const renamed = current.flatMap((r) => {
    const n = r.email ? listed.get(linkKey(r)) : undefined;
    return n && n.name !== r.name ? [{ id: r.id, node_name: n.name }] : [];
  });
  const added = incoming
    .filter((n) => !linkedEmails.has(emailKey(n.email!)))
    .map((n) => ({ node_name: n.name, node_email: n.email! }));
  return { removed, renamed, added };
}
