import {
  hasNumericColumns,
  isAnswerType,
  questionLabel,
  type TAnswer,
  type TDataInput,
  type TQuestionData,
  titlesOf,
} from '@tieline/validation';

// The pure half of the responses export (docs/exports.md): which columns and edge layers a survey's
// questions make, and the cells and edges one response gives. sheets.ts feeds it rows.

/** A cell value as SheetJS takes it (null leaves the cell empty). */
export type Cell = string | number | null;

/** A column of the Nodes sheet fed by one question (a matrix gives one per row heading). */
export interface AnswerColumn {
  questionId: string;
  header: string;
  cell: (answer: TAnswer | undefined) => Cell;
}

/** An edge sheet: one relationship question. */
export interface EdgeLayer {
  question: TQuestionData;
  title: string;
  /** 'Weight' (numbers), 'Value' (column titles) or none, after Source and Target. */
  measure: 'Weight' | 'Value' | null;
  /** An ego network's edges are between the respondent's contacts: who reported them. */
  reportedBy: boolean;
}

/**
 * One edge of a layer: node ids (or a response key for a respondent not in the list), the measure, and
 * the reporting respondent in an ego network.
 */
export type Edge = [source: string, target: string, measure: Cell, reportedBy: string | null];

const joined = (values: readonly string[]): Cell => (values.length > 0 ? values.join('; ') : null);

/** What a matrix row's chosen columns say: a number on a numeric scale, else the titles. */
function measureOf(q: TQuestionData, entry: TDataInput | undefined): Cell {
  const titles = titlesOf(q.columnHeadings, entry?.selectedIds);
  if (titles.length === 0) return null;
  return hasNumericColumns(q) ? Number(titles[0]) : joined(titles);
}

/** The Nodes sheet's answer columns, in survey order: every answerable question but relationship ones. */
export function answerColumns(questions: readonly TQuestionData[]): AnswerColumn[] {
  const columns: AnswerColumn[] = [];
  for (const q of questions) {
    if (!isAnswerType(q.type) || q.isRelationshipQuestion) continue;
    const label = questionLabel(q);
    switch (q.type) {
      case 'freeFormText':
        columns.push({
          questionId: q._id,
          header: label,
          cell: (a) => joined((a?.dataInput ?? []).map((e) => e.text ?? '').filter(Boolean)),
        });
        break;
      case 'singleNumeric':
      case 'numericRange':
        columns.push({
          questionId: q._id,
          header: label,
          cell: (a) => (typeof a?.dataInput[0]?.numeric === 'number' ? a.dataInput[0].numeric : null),
        });
        break;
      case 'multipleSelection':
      case 'searchAndSelect':
        columns.push({
          questionId: q._id,
          header: label,
          cell: (a) => joined(titlesOf(q.selectionOptions, a?.dataInput[0]?.selectedIds)),
        });
        break;
      case 'matrixSelection':
        for (const row of q.selectionOptions) {
          columns.push({
            questionId: q._id,
            header: `${label}: ${row.title}`,
            cell: (a) =>
              measureOf(
                q,
                a?.dataInput.find((e) => e.optionId === row._id),
              ),
          });
        }
        break;
    }
  }
  return columns;
}

/** One edge layer per relationship question, in survey order. */
export function edgeLayers(questions: readonly TQuestionData[]): EdgeLayer[] {
  return questions
    .filter((q) => isAnswerType(q.type) && q.isRelationshipQuestion)
    .map((q) => {
      const matrix = q.type === 'matrixSelection';
      const ego = matrix && q.egoNetworkMapping;
      const measure = !matrix || ego ? null : hasNumericColumns(q) ? 'Weight' : 'Value';
      return { question: q, title: questionLabel(q), measure, reportedBy: ego };
    });
}

/**
 * The edges one response gives a layer. Choices: respondent -> each chosen person. A matrix: respondent
 * -> each row's person with the row's measure (rows left blank give none). An ego network: each row's
 * person -> each person chosen in that row, reported by the respondent.
 */
export function edgesOf(layer: EdgeLayer, answer: TAnswer | undefined, respondent: string): Edge[] {
  if (!answer) return [];
  const q = layer.question;
  if (q.type !== 'matrixSelection') {
    return (answer.dataInput[0]?.selectedIds ?? []).map((id) => [respondent, id, null, null]);
  }
  const edges: Edge[] = [];
  for (const entry of answer.dataInput) {
    if (!entry.nodeId) continue;
    if (layer.reportedBy) {
      for (const id of entry.selectedIds ?? []) edges.push([entry.nodeId, id, null, respondent]);
    } else {
      const measure = measureOf(q, entry);
      if (measure !== null) edges.push([respondent, entry.nodeId, measure, null]);
    }
  }
  return edges;
}

/** Headers made distinct: a repeat gets " (2)", " (3)" ... (spreadsheet tools key columns by header). */
export function distinctHeaders(headers: readonly string[]): string[] {
  const used = new Set<string>();
  return headers.map((h) => {
    let name = h;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${h} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * The name each node goes by in the workbook. A network keys nodes by name, so two people of one name
 * (in different lists, or a respondent off the list) would merge: each of them is told apart by email
 * ("Jo Lee (jo@a.com)"), else by list ("Jo Lee (Mentors)"), else by a number, and edges use the label.
 */
export function nodeLabels(
  people: readonly { key: string; name: string; email: string | null; list: string }[],
): Map<string, string> {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  const labels = new Map<string, string>();
  const used = new Set<string>();
  for (const p of people) {
    let label = p.name;
    if ((count.get(p.name) ?? 0) > 1)
      label = p.email ? `${p.name} (${p.email})` : p.list ? `${p.name} (${p.list})` : p.name;
    for (let n = 2; used.has(label); n++) label = `${p.name} (${n})`;
    used.add(label);
    labels.set(p.key, label);
  }
  return labels;
}
