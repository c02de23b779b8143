import {
  isAnswerType,
  questionLabel,
  type TAnswer,
  type TDataInput,
  type TQuestionData,
  type TQuestionType,
  titlesOf,
} from '@tieline/validation';

/** One answer in the webhook body: the stored shape plus what a person reads. */
export interface TWebhookAnswer {
  questionId: string;
  /** The question's abbreviation, else its text without HTML. */
  question: string;
  type: TQuestionType;
  relationship: boolean;
  /** As stored (spec §3 Answer): ids of options and people. */
  dataInput: TDataInput[];
  /**
   * Readable: text; a number (or null); option titles or people's names for a choice; for a matrix
   * one `{ row, selected }` per row, with the row's title or person and the chosen column titles (or,
   * in an ego network, people).
   */
  value: string | number | null | string[] | { row: string; selected: string[] }[];
}

/** What the completion webhook posts: the submitted response, as the survey owner's systems need it. */
export interface TCompletionWebhookBody {
  event: 'response.submitted';
  surveyId: string;
  surveyName: string;
  responseId: string;
  respondent: { name: string; email: string | null };
  submitted: string | null;
  answers: TWebhookAnswer[];
}

/** The answers in survey order, with readable values; `names` maps node ids to people's names. */
export function webhookAnswers(
  questions: readonly TQuestionData[],
  answers: readonly TAnswer[],
  names: ReadonlyMap<string, string>,
): TWebhookAnswer[] {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  const out: TWebhookAnswer[] = [];
  for (const q of questions) {
    const answer = byId.get(q._id);
    if (!answer || !isAnswerType(q.type)) continue;
    out.push({
      questionId: q._id,
      question: questionLabel(q),
      type: q.type,
      relationship: q.isRelationshipQuestion,
      dataInput: answer.dataInput,
      value: readable(q, answer.dataInput, names),
    });
  }
  return out;
}

function readable(q: TQuestionData, entries: readonly TDataInput[], names: ReadonlyMap<string, string>) {
  const people = (ids: readonly string[] | undefined) => (ids ?? []).map((id) => names.get(id) ?? id);
  const first = entries[0];
  switch (q.type) {
    case 'freeFormText':
      return first?.text ?? '';
    case 'singleNumeric':
    case 'numericRange':
      return first?.numeric ?? null;
    case 'multipleSelection':
    case 'searchAndSelect':
      return q.isRelationshipQuestion ? people(first?.selectedIds) : titlesOf(q.selectionOptions, first?.selectedIds);
    case 'matrixSelection':
      return entries.map((e) => {
        const row = e.nodeId
          ? (names.get(e.nodeId) ?? e.nodeId)
          : (q.selectionOptions.find((o) => o._id === e.optionId)?.title ?? '');
        const selected =
          q.isRelationshipQuestion && q.egoNetworkMapping
            ? people(e.selectedIds)
            : titlesOf(q.columnHeadings, e.selectedIds);
        return { row, selected };
      });
    default:
      return null;
  }
}
