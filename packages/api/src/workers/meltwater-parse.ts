import {
  inputProblem,
  MAX_INPUT_DEPTH,
  MELTWATER_LIMITS,
  MELTWATER_MSG,
  MSG,
  type TMeltwaterInput,
  type TMeltwaterResult,
  ZMeltwaterInput,
} from '@tieline/validation';
import { AppError, type AppErrorCode, zodMessage } from '../errors';
import { jsonNestsPast } from '../http/json-depth';
import type { TDocument } from '../network-store/store-network';
import { parseExport } from '../parsers/meltwater/parse-export';
import { postResult, workerInput } from './worker-side';

// Worker thread (see script-worker.ts): reads a Meltwater export (JSON, or NDJSON line by line) and
// builds its network off the server's event loop: an 18 MB NDJSON took 5.2 s of CPU there (issue 36).
// Answers the network as JSON text (one copy across threads) with its counts, or the refusal. Sent
// through REST, the whole request body comes here unparsed and is checked here as the server checks any
// body (depth, JSON, an object, broken text, the input schema): an 18 MB body parsed on the server's
// thread held every other call ~130 ms.

/**
 * The request body as UTF-8 bytes; or, from a caller that parsed it, the
 * export's text as such bytes or its JSON value.
 */
export type TMeltwaterParseInput =
  | { body: Uint8Array }
  | { text: Uint8Array }
  | { value: Exclude<TMeltwaterInput['jsonData'], string> };

export type TMeltwaterParseAnswer =
  | ({ ok: true; document: TDocument; name?: string } & Omit<TMeltwaterResult, 'networkId' | 'name'>)
  | { ok: false; code: AppErrorCode; message: string };

const refusal = (message: string): TMeltwaterParseAnswer => ({ ok: false, code: 'BAD_REQUEST', message });
const utf8 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/** The input a request body carries, or why it is refused (as the server refuses other bodies). */
function readBody(bytes: Uint8Array): TMeltwaterInput | string {
  if (jsonNestsPast(bytes, MAX_INPUT_DEPTH)) return MSG.tooDeep;
  let body: unknown;
  try {
    body = JSON.parse(utf8(bytes));
  } catch {
    return MSG.malformedJson;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return MSG.bodyNotObject;
  const problem = inputProblem(body);
  if (problem) return problem === 'tooDeep' ? MSG.tooDeep : MSG.badCharacters;
  const input = ZMeltwaterInput.safeParse(body);
  if (!input.success) return zodMessage(input.error);
  const { jsonData } = input.data;
  if (typeof jsonData === 'string' && Buffer.byteLength(jsonData, 'utf8') > MELTWATER_LIMITS.textMaxBytes)
    return MELTWATER_MSG.tooLarge;
  return input.data;
}

function answer(input: TMeltwaterParseInput): TMeltwaterParseAnswer {
  let jsonData: TMeltwaterInput['jsonData'];
  let name: string | undefined;
  if ('body' in input) {
    const read = readBody(input.body);
    if (typeof read === 'string') return refusal(read);
    ({ jsonData, name } = read);
  } else jsonData = 'text' in input ? utf8(input.text) : input.value;
  try {
    const built = parseExport(jsonData);
    const { data } = built;
    return {
      ok: true,
      document: {
        json: JSON.stringify(data),
        counts: { nodeCount: data.nodes.length, edgeCount: data.edges.length, layers: data.layers, directed: true },
      },
      documents: built.documents,
      used: built.used,
      skipped: built.skipped,
      people: data.nodes.length,
      ties: data.edges.length,
      layers: built.layers,
      ...(name === undefined ? {} : { name }),
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

await postResult<TMeltwaterParseAnswer>(answer(await workerInput<TMeltwaterParseInput>()));
