import type { TNetworkData } from '@tieline/graph';
import { cleanCell, NETWORK_LIMITS, type TNetworkUploadErrorPayload } from '@tieline/validation';
import { AppError, type AppErrorCode } from '../errors';
import { parseNetworkFile, type TBuildNotes } from '../services/networks/formats';
import { type SheetRows, workbookBytes } from '../xlsx/write';
import { postResult, workerInput } from './worker-side';

// Worker thread (see script-worker.ts): reads a network file, or a survey's sheets as the responses
// export would write them, and answers the network as JSON text (what network_versions stores, and a
// string crosses threads as one copy) with its counts, or the refusal.

export type TNetworkParseInput =
  | { kind: 'file'; bytes: Uint8Array; fileType: string; directed: boolean }
  | { kind: 'sheets'; sheets: (SheetRows & { layer?: string })[]; directed: boolean };

export type TNetworkParseAnswer =
  | {
      ok: true;
      json: string;
      nodes: number;
      edges: number;
      layers: string[];
      directed: boolean;
      /** People only the edges named (the file listing people), added. */
      addedFromEdges: string[];
    }
  | { ok: false; upload: TNetworkUploadErrorPayload }
  | { ok: false; code: AppErrorCode; message: string };

async function parse(input: TNetworkParseInput, notes: TBuildNotes): Promise<TNetworkData> {
  if (input.kind === 'file') return parseNetworkFile(input.bytes, input.fileType, input.directed, notes);
  const data = parseNetworkFile(await workbookBytes(input.sheets), 'excel', input.directed);
  return withWholeLayerNames(data, input.sheets);
}

/**
 * A sheet's edges are the layer it is named after, and sheet names are cut to Excel's 31 characters
 * without : / \ ? * [ ]: the layers take back the whole titles the sheets carry (a title another layer
 * already has keeps the sheet name, which is unique).
 */
function withWholeLayerNames(data: TNetworkData, sheets: { name: string; layer?: string }[]): TNetworkData {
  const whole = new Map(
    sheets.flatMap((s) =>
      s.layer ? [[s.name, cleanCell(s.layer).slice(0, NETWORK_LIMITS.maxValueLength)] as const] : [],
    ),
  );
  const used = new Set<string>();
  const layers = data.layers.map((name) => {
    const title = whole.get(name);
    const chosen = title && !used.has(title) && !data.layers.includes(title) ? title : name;
    used.add(chosen);
    return chosen;
  });
  return { ...data, layers };
}

async function answer(input: TNetworkParseInput): Promise<TNetworkParseAnswer> {
  try {
    const notes: TBuildNotes = { addedFromEdges: [] };
    const data = await parse(input, notes);
    return {
      ok: true,
      json: JSON.stringify(data),
      nodes: data.nodes.length,
      edges: data.edges.length,
      layers: data.layers,
      directed: data.directed,
      addedFromEdges: notes.addedFromEdges,
    };
  } catch (error) {
    // Only a refused file (formats' networkRefusal) carries a body: its payload, every problem listed.
    if (error instanceof AppError && error.body) return { ok: false, upload: error.body as TNetworkUploadErrorPayload };
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

await postResult<TNetworkParseAnswer>(await answer(await workerInput<TNetworkParseInput>()));
