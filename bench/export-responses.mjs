// Responses export (issue 9): GET /api/base/responses/all/{surveyId}/xlsx of 10,000 submitted responses
// x 50 questions on PostgreSQL, over HTTP as the browser downloads it. Seeded as a user would: the demo
// survey's respondent list replaced by a 10,000-row xlsx through the REST upload; the questions and the
// answers written with psql (as 10,000 respondents' saves would leave them). Baselines in the same run:
// SheetJS writing a workbook of the same cells in this process, and psql reading the same answers.
// Memory: the server's peak RSS during the export (VmHWM, reset before each run through
// /proc/<pid>/clear_refs) against its RSS before. Imported by bench/run.mjs as `export`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoOwner, median, root } from './lib.mjs';
import { open, people, seedList, withDatabase } from './respondent-api.mjs';

const RESPONDENTS = Number(process.env.BENCH_EXPORT_RESPONDENTS ?? 10_000);
const psql = (url, sql) => execFileSync('psql', [url, '-qAt'], { input: sql, maxBuffer: 1 << 30 }).toString();

const opts = (n, prefix) =>
  Array.from({ length: n }, (_, i) => ({ _id: `${prefix}${i}`, title: `${prefix} option ${i}` }));

/** 50 questions as a real survey mixes them; relationship questions pick from the respondent list. */
function questions(listId) {
  const base = (id, type, over = {}) => ({
    _id: id,
    type,
    text: `<p>Question ${id}: how do you see this?</p>`,
    shortTextInput: false,
    allowMultipleSelections: false,
    allowSelfSelection: false,
    allowAdditionalNames: false,
    allowScroll: false,
    hideSearchInput: false,
    isAttribute: false,
    isRelationshipQuestion: false,
    isHeading: false,
    isRequired: false,
    minimumSelections: null,
    maximumSelections: null,
    abbreviation: '',
    selectionType: 'radioType',
    list: null,
    previousQn: [],
    columnHeadings: opts(3, 'c'),
    selectionOptions: opts(4, 'o'),
    numericRangeMin: 0,
    numericRangeMax: 100,
    numericRangeDefault: 50,
    numericRangeIncrement: 1,
    numericRangeMinLabel: 'Minimum',
    numericRangeMaxLabel: 'Maximum',
    numericRangeShowValues: false,
    egoNetworkMapping: false,
    egoNetworkMappingSymmetric: false,
    ...over,
  });
  const qs = [];
  for (let i = 0; i < 15; i++) qs.push(base(`text${i}`, 'freeFormText'));
  for (let i = 0; i < 10; i++) qs.push(base(`num${i}`, 'singleNumeric'));
  for (let i = 0; i < 10; i++) qs.push(base(`mc${i}`, 'multipleSelection', { allowMultipleSelections: true }));
  for (let i = 0; i < 5; i++)
    qs.push(
      base(`grid${i}`, 'matrixSelection', {
        columnHeadings: ['1', '2', '3', '4', '5'].map((t) => ({ _id: `s${t}`, title: t })),
      }),
    );
  const rel = { isRelationshipQuestion: true, allowMultipleSelections: true, list: listId };
  for (let i = 0; i < 5; i++) qs.push(base(`rel${i}`, 'multipleSelection', rel));
  for (let i = 0; i < 3; i++)
    qs.push(base(`how${i}`, 'matrixSelection', { isRelationshipQuestion: true, previousQn: ['rel0'] }));
  for (let i = 0; i < 2; i++)
    qs.push(base(`search${i}`, 'searchAndSelect', { ...rel, allowMultipleSelections: false }));
  return qs;
}

/** One respondent's answers to every question: a sentence, numbers, choices, 3-5 colleagues. */
function answersFor(i, qs, nodeIds) {
  const pick = (k) => nodeIds[(i * 7919 + k * 104_729) % nodeIds.length];
  const friends = [1, 2, 3, 4, 5].slice(0, 3 + (i % 3)).map(pick);
  return qs.map((q) => {
    const id = q._id;
    if (q.type === 'freeFormText')
      return { questionId: id, dataInput: [{ text: `Respondent ${i} thinks about ${id} a while.` }] };
    if (q.type === 'singleNumeric') return { questionId: id, dataInput: [{ numeric: (i * 31) % 100 }] };
    if (q.type === 'searchAndSelect') return { questionId: id, dataInput: [{ selectedIds: [pick(9)] }] };
    if (q.type === 'multipleSelection')
      return {
        questionId: id,
        dataInput: [{ selectedIds: q.isRelationshipQuestion ? friends : ['o0', `o${1 + (i % 3)}`] }],
      };
    if (q.isRelationshipQuestion)
      return { questionId: id, dataInput: friends.map((nodeId, k) => ({ nodeId, selectedIds: [`c${(i + k) % 3}`] })) };
    return {
      questionId: id,
      dataInput: q.selectionOptions.map((o, k) => ({ optionId: o._id, selectedIds: [`s${1 + ((i + k) % 5)}`] })),
    };
  });
}

const rssKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
const peakKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)[1]);
const mb = (kb) => +(kb / 1024).toFixed(1);

export async function exportResponses({ results, startServer }) {
  const XLSX = await import(join(root, 'packages/api/node_modules/@e965/xlsx/xlsx.mjs'));
  results.export = {
    what: `GET /api/base/responses/all/{surveyId}/xlsx, ${RESPONDENTS} submitted responses x 50 questions (15 text, 10 numeric, 10 multiple choice, 5 matrix of 3 rows, 5 relationship choices of 3-5 people, 3 relationship matrices, 2 search and select), PostgreSQL, over loopback; median of 3`,
    budgetMs: 10_000,
  };
  await withDatabase('bench_export', async (url) => {
    const s = await open(startServer, { DATABASE_URL: url });
    try {
      const { cookie } = await demoOwner(s.api, s.link);
      const seeded = await seedList(s, people(RESPONDENTS));
      const qs = questions(seeded.listId);
      psql(
        url,
        `update surveys set questions = $j$${JSON.stringify(qs)}$j$::jsonb, version = version + 1 where id = '${seeded.surveyId}'`,
      );
      const nodeIds = psql(url, `select id from nodes where list_id = '${seeded.listId}' order by position`)
        .trim()
        .split('\n');
      const responseIds = psql(url, `select id from responses where survey_id = '${seeded.surveyId}' order by id`)
        .trim()
        .split('\n');
      for (let from = 0; from < responseIds.length; from += 1000) {
        const rows = responseIds
          .slice(from, from + 1000)
          .map((id, k) => ({ id, a: answersFor(from + k, qs, nodeIds) }));
        psql(
          url,
          `update responses r set answers = x.a, status = 'Submitted', started = now() - interval '1 hour', submitted = now()
           from json_to_recordset($j$${JSON.stringify(rows)}$j$::json) as x(id uuid, a jsonb) where r.id = x.id`,
        );
      }
      psql(url, 'analyze responses, nodes');
      const path = `${s.api}/responses/all/${seeded.surveyId}/xlsx`;
      // Seeding took longer than the server's keep-alive timeout: a pooled socket may be closed under us.
      await fetch(`${s.srv.base}/api/health`).catch(() => null);

      const runs = [];
      let bytes = 0;
      let book;
      for (let i = 0; i < 3; i++) {
        writeFileSync(`/proc/${s.srv.pid}/clear_refs`, '5'); // reset the peak RSS to the current RSS
        const before = rssKb(s.srv.pid);
        const t = performance.now();
        const res = await fetch(path, { headers: { cookie } });
        const body = Buffer.from(await res.arrayBuffer());
        if (!res.ok) throw new Error(`export answered ${res.status}: ${body.toString().slice(0, 200)}`);
        runs.push({ ms: performance.now() - t, rssBeforeMb: mb(before), peakRssMb: mb(peakKb(s.srv.pid)) });
        bytes = body.length;
        if (i === 0) book = XLSX.read(body, { dense: true });
      }
      const nodes = book.Sheets.Nodes;
      const cells = book.SheetNames.reduce((n, name) => {
        const range = XLSX.utils.decode_range(book.Sheets[name]['!ref']);
        return n + (range.e.r + 1) * (range.e.c + 1);
      }, 0);

      // Baseline 1: SheetJS alone writing the same sheets' cells (read back from the export) here.
      const aoas = book.SheetNames.map((name) => XLSX.utils.sheet_to_json(book.Sheets[name], { header: 1, raw: true }));
      const write = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const out = XLSX.utils.book_new();
        for (const [k, aoa] of aoas.entries()) {
          XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(aoa, { dense: true }), book.SheetNames[k]);
        }
        XLSX.write(out, { type: 'buffer', bookType: 'xlsx', compression: true });
        write.push(performance.now() - t);
      }
      // Baseline 2: reading the same responses from the database (psql, to /dev/null).
      const read = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        execFileSync(
          'psql',
          [url, '-qAtc', `select id, node_name, answers from responses where survey_id = '${seeded.surveyId}'`],
          {
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
        read.push(performance.now() - t);
      }
      const exportMs = median(runs.map((r) => r.ms));
      const writeMs = median(write);
      results.export.postgres = {
        exportMs: Math.round(exportMs),
        runsMs: runs.map((r) => Math.round(r.ms)),
        fileBytes: bytes,
        sheets: book.SheetNames.length,
        nodeRows: XLSX.utils.decode_range(nodes['!ref']).e.r,
        cells,
        serverRssBeforeMb: median(runs.map((r) => r.rssBeforeMb)),
        serverPeakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
        baselineSheetJsWriteMs: Math.round(writeMs),
        baselinePsqlReadMs: Math.round(median(read)),
        ratioToSheetJsWrite: +(exportMs / writeMs).toFixed(2),
        withinBudget: exportMs <= 10_000,
      };
    } catch (error) {
      await new Promise((r) => setTimeout(r, 2000));
      console.error(s.srv.output().slice(-3000));
      throw error;
    } finally {
      await s.srv.stop();
    }
  });
}
