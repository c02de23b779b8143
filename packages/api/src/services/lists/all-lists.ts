import { asc, eq, inArray, lists, nodes } from '@tieline/db';
import type { TListWithNodes } from '@tieline/validation';
import { requireSurvey } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';

/** GET /lists/all/{surveyId}: the respondent list first, then supplementary lists oldest first. */
export async function allLists(deps: Deps, caller: SignedInCaller, input: { surveyId: string }) {
  const { db } = deps;
  const survey = await requireSurvey(db, caller.actor, input.surveyId);
  // 'Respondent List' sorts before 'Supplementary List'.
  const rows = await db
    .select()
    .from(lists)
    .where(eq(lists.surveyId, survey.id))
    .orderBy(asc(lists.type), asc(lists.createdAt));
  const members = rows.length
    ? await db
        .select({
          id: nodes.id,
          listId: nodes.listId,
          name: nodes.name,
          email: nodes.email,
          attributes: nodes.attributes,
          addedByResponse: nodes.addedByResponse,
        })
        .from(nodes)
        .where(
          inArray(
            nodes.listId,
            rows.map((l) => l.id),
          ),
        )
        .orderBy(asc(nodes.listId), asc(nodes.position))
    : [];
  const byList = new Map<string, typeof members>();
  for (const n of members) {
    const group = byList.get(n.listId);
    if (group) group.push(n);
    else byList.set(n.listId, [n]);
  }
  return rows.map(
    (l): TListWithNodes => ({
      _id: l.id,
      title: l.title,
      type: l.type,
      columns: l.columns,
      nodes: (byList.get(l.id) ?? []).map((n) => ({
        _id: n.id,
        name: n.name,
        email: n.email,
        attributes: n.attributes,
        // Only on the few added people: a 50,000-row list carries no extra field.
        ...(n.addedByResponse ? { addedByRespondent: true as const } : {}),
      })),
    }),
  );
}
