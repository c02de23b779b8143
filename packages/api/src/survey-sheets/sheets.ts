import { and, asc, type Db, eq, inArray, lists, type NodeAttributes, nodes, responses, sql } from '@tieline/db';
import { answerMap, type TAnswer } from '@tieline/validation';
import { questionsOf, type SurveyRow } from '../access/surveys';
import { type CellValue, uniqueSheetNames, utcDateCell } from '../xlsx/write';
import { answerColumns, type Cell, distinctHeaders, type Edge, edgeLayers, edgesOf, nodeLabels } from './columns';

/** Responses read per query: memory stays bounded by this many answer documents, not the survey's size. */
const CHUNK = 1_000;
/** Node ids looked up per query (edge targets outside the respondent list). */
const ID_CHUNK = 1_000;

interface NodeRow {
  key: string;
  name: string;
  email: string | null;
  list: string;
  attributes: NodeAttributes;
  response: { status: string; started: Date | null; submitted: Date | null; cells: Cell[] } | null;
}

export interface Sheet {
  name: string;
  rows: CellValue[][];
  /** An edge sheet's layer: the question's whole title (the sheet name is cut to Excel's rules). */
  layer?: string;
}

/**
 * A survey's responses as network sheets (docs/exports.md), the one shape both the xlsx export and
 * "Create network" read, so an export uploads as the same network.
 * Sheet `Nodes`: everyone on the respondent list, answered or not, then respondents not on it, then the
 * people of other lists that answers point at; with their list attributes and every non-relationship
 * answer. One edge sheet per relationship question (Source, Target, then Weight or Value, or Reported
 * By for an ego network). Responses are read in chunks along the (survey, name) index.
 */
export async function surveySheets(db: Db, survey: SurveyRow): Promise<Sheet[]> {
  const questions = questionsOf(survey);
  const surveyLists = await db
    .select({ id: lists.id, title: lists.title, type: lists.type, columns: lists.columns })
    .from(lists)
    .where(eq(lists.surveyId, survey.id))
    .orderBy(asc(lists.createdAt));
  const respondentList = surveyLists.find((l) => l.type === 'Respondent List') ?? null;
  const listTitle = new Map(surveyLists.map((l) => [l.id, l.title]));
  // Respondent list columns first, then other lists' columns not already there.
  const attributeNames = [...new Set(surveyLists.flatMap((l) => l.columns.map((c) => c.name)))];

  const rows = new Map<string, NodeRow>();
  const byEmail = new Map<string, NodeRow>();
  const byName = new Map<string, NodeRow>();
  if (respondentList) {
    const people = await db
      .select({ id: nodes.id, name: nodes.name, email: nodes.email, attributes: nodes.attributes })
      .from(nodes)
      .where(eq(nodes.listId, respondentList.id))
      .orderBy(asc(nodes.position));
    for (const n of people) {
      const row: NodeRow = { key: n.id, ...n, list: respondentList.title, response: null };
      rows.set(n.id, row);
      if (n.email && !byEmail.has(n.email.toLowerCase())) byEmail.set(n.email.toLowerCase(), row);
      if (!byName.has(n.name)) byName.set(n.name, row);
    }
  }

  const columns = answerColumns(questions);
  const layers = edgeLayers(questions);
  const edges: Edge[][] = layers.map(() => []);
  const unlisted: NodeRow[] = [];
  for await (const chunk of responseChunks(db, survey.id)) {
    for (const r of chunk) {
      // The respondent's node as selfNodeId finds it: by email, else by name.
      let row = r.nodeEmail ? byEmail.get(r.nodeEmail.toLowerCase()) : byName.get(r.nodeName);
      if (!row || row.response) {
        row = {
          key: `response:${r.id}`,
          name: r.nodeName,
          email: r.nodeEmail,
          list: '',
          attributes: {},
          response: null,
        };
        unlisted.push(row);
      }
      const answers = answerMap(r.answers as TAnswer[]);
      row.response = {
        status: r.status,
        started: r.started,
        submitted: r.submitted,
        cells: columns.map((c) => c.cell(answers.get(c.questionId))),
      };
      layers.forEach((layer, i) => {
        for (const edge of edgesOf(layer, answers.get(layer.question._id), row.key)) edges[i]!.push(edge);
      });
    }
  }
  for (const row of unlisted) rows.set(row.key, row);
  await addReferencedNodes(db, survey.id, edges, rows, listTitle);

  const labels = nodeLabels([...rows.values()]);
  const blanks = columns.map(() => null);
  const nodeSheet: CellValue[][] = [
    distinctHeaders([
      'Name',
      'Email',
      'List',
      'Status',
      'Started',
      'Submitted',
      ...attributeNames,
      ...columns.map((c) => c.header),
    ]),
  ];
  for (const row of rows.values()) {
    nodeSheet.push([
      labels.get(row.key),
      row.email,
      row.list,
      row.response?.status ?? null,
      utcDateCell(row.response?.started ?? null),
      utcDateCell(row.response?.submitted ?? null),
      ...attributeNames.map((name) => {
        const cell = row.attributes[name];
        if (!cell) return null;
        // Dates as the text they were uploaded as (a spreadsheet date would carry this server's zone).
        return typeof cell.value === 'number' || typeof cell.value === 'boolean' ? cell.value : cell.text;
      }),
      ...(row.response?.cells ?? blanks),
    ]);
  }
  const names = uniqueSheetNames(
    layers.map((l) => l.title),
    'Edges',
    ['Nodes'],
  );
  const edgeSheets = layers.map((layer, i) => {
    const header = [
      'Source',
      'Target',
      ...(layer.measure ? [layer.measure] : []),
      ...(layer.reportedBy ? ['Reported By'] : []),
    ];
    const sheet: CellValue[][] = [header];
    for (const [source, target, measure, reportedBy] of edges[i]!) {
      const from = labels.get(source);
      const to = labels.get(target);
      // A person deleted from their list since the answer was given has no row: their edges go too.
      if (from === undefined || to === undefined) continue;
      const line: CellValue[] = [from, to];
      if (layer.measure) line.push(measure);
      if (layer.reportedBy) line.push(reportedBy === null ? null : (labels.get(reportedBy) ?? null));
      sheet.push(line);
    }
    return { name: names[i]!, rows: sheet, layer: layer.title };
  });
  return [{ name: 'Nodes', rows: nodeSheet }, ...edgeSheets];
}

/** The survey's responses in name order, `CHUNK` at a time (keyset paging on responses_survey_name_idx). */
async function* responseChunks(db: Db, surveyId: string) {
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const chunk = await responseChunk(db, surveyId, after);
    if (chunk.length === 0) return;
    yield chunk;
    if (chunk.length < CHUNK) return;
    const last = chunk[chunk.length - 1]!;
    after = { name: last.sortName, id: last.id };
  }
}

function responseChunk(db: Db, surveyId: string, after: { name: string; id: string } | null) {
  return db
    .select({
      id: responses.id,
      status: responses.status,
      nodeName: responses.nodeName,
      nodeEmail: responses.nodeEmail,
      answers: responses.answers,
      started: responses.started,
      submitted: responses.submitted,
      sortName: sql<string>`lower(${responses.nodeName})`,
    })
    .from(responses)
    .where(
      and(
        eq(responses.surveyId, surveyId),
        after ? sql`(lower(${responses.nodeName}), ${responses.id}) > (${after.name}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`lower(${responses.nodeName})`, asc(responses.id))
    .limit(CHUNK);
}

/** Edge targets not yet on the sheet (other lists, names added by respondents) become node rows. */
async function addReferencedNodes(
  db: Db,
  surveyId: string,
  edges: readonly Edge[][],
  rows: Map<string, NodeRow>,
  listTitle: ReadonlyMap<string, string>,
) {
  const missing = new Set<string>();
  for (const layer of edges) {
    // Indexed, not destructured: this runs once per edge (hundreds of thousands in a large export).
    for (let i = 0; i < layer.length; i++) {
      const edge = layer[i]!;
      if (!rows.has(edge[0])) missing.add(edge[0]);
      if (!rows.has(edge[1])) missing.add(edge[1]);
    }
  }
  const ids = [...missing].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const found = await db
      .select({
        id: nodes.id,
        name: nodes.name,
        email: nodes.email,
        attributes: nodes.attributes,
        listId: nodes.listId,
      })
      .from(nodes)
      .innerJoin(lists, eq(lists.id, nodes.listId))
      .where(and(eq(lists.surveyId, surveyId), inArray(nodes.id, ids.slice(i, i + ID_CHUNK))))
      .orderBy(asc(lists.createdAt), asc(nodes.position));
    for (const n of found) {
      rows.set(n.id, {
        key: n.id,
        name: n.name,
        email: n.email,
        list: listTitle.get(n.listId) ?? '',
        attributes: n.attributes,
        response: null,
      });
    }
  }
}
