import { setImmediate } from 'node:timers/promises';
import { MELTWATER_LIMITS, MELTWATER_MSG, type TMeltwaterInput, type TMeltwaterResult } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { insertNetwork } from '../../network-store/store-network';
import type { TMeltwaterParseAnswer, TMeltwaterParseInput } from '../../workers/meltwater-parse';
import { requestWork, runRequestWorker } from '../../workers/request-work';
import { WorkerDiedError } from '../../workers/script-worker';

/** Room for the largest export accepted (20 MB, 200,000 documents); a reader past them is refused with a message. */
const READ_LIMITS = { heapMb: 1024, timeMs: 120_000 };

/**
 * passiveData/meltwater: a new network of the caller's from a Meltwater export. The export is read and
 * the network built in a worker process before anything is written, so a refused export stores nothing
 * and no export holds the server's event loop: the worker checks the text's nesting before it parses
 * (10 MB of brackets is refused without being parsed). The text goes to the worker as UTF-8 bytes:
 * copying an 18 MB string into a worker's data took 1.7 s of this thread on a loaded host, its bytes
 * a few milliseconds.
 */
export function createMeltwaterNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: TMeltwaterInput,
): Promise<TMeltwaterResult> {
  return buildAndStore(deps, caller, () => exportInput(input.jsonData), input.name);
}

/**
 * The same from a request body as it arrived (REST, rest/meltwater.ts): the worker parses and checks
 * the whole body, so no part of a 20 MB export is parsed on the server's thread.
 */
export function createMeltwaterNetworkFromBody(
  deps: Deps,
  caller: SignedInCaller,
  body: Uint8Array,
): Promise<TMeltwaterResult> {
  return buildAndStore(deps, caller, () => ({ body }));
}

async function buildAndStore(
  deps: Deps,
  caller: SignedInCaller,
  workerInput: () => TMeltwaterParseInput,
  givenName?: string,
): Promise<TMeltwaterResult> {
  let built: TMeltwaterParseAnswer;
  // A turn for other calls between reading the body and copying it for the worker, and again before
  // storing the network: each is milliseconds to tens of milliseconds of this thread.
  await setImmediate();
  try {
    built = await runRequestWorker<TMeltwaterParseAnswer>(
      requestWork(deps, caller, 'meltwater upload'),
      'meltwater-parse',
      workerInput(),
      undefined,
      READ_LIMITS,
    );
  } catch (error) {
    if (error instanceof WorkerDiedError && error.reason !== 'exit')
      throw new AppError('BAD_REQUEST', MELTWATER_MSG.tooHeavy(error.words));
    throw error;
  }
  if (!built.ok) throw new AppError(built.code, built.message);
  const { document, ok: _, name: bodyName, ...counts } = built;
  const name = givenName ?? bodyName;
  if (name === undefined) throw new Error('meltwater-parse answered no name for a request body');
  await setImmediate();
  const row = await insertNetwork(deps.db, {
    ownerId: caller.actor.userId,
    name,
    description: `From a Meltwater export of ${built.documents} documents`,
    document,
  });
  return { networkId: row.id, name: row.name, ...counts };
}

/** The worker's input: a text as UTF-8 bytes (refused here when over the size limit), a value as it is. */
function exportInput(jsonData: TMeltwaterInput['jsonData']): TMeltwaterParseInput {
  if (typeof jsonData !== 'string') return { value: jsonData };
  const size = Buffer.byteLength(jsonData, 'utf8');
  if (size > MELTWATER_LIMITS.textMaxBytes) throw new AppError('BAD_REQUEST', MELTWATER_MSG.tooLarge);
  return { text: Buffer.from(jsonData, 'utf8') };
}
