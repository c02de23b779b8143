import { MELTWATER_MSG, type TMeltwaterInput, type TMeltwaterResult } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { insertNetwork } from '../../network-store/store-network';
import { checkedText } from '../../parsers/meltwater/read-export';
import type { TMeltwaterParseAnswer } from '../../workers/meltwater-parse';
import { runScriptWorker, WorkerDiedError } from '../../workers/script-worker';

/** Room for the largest export accepted (20 MB, 200,000 documents); a reader past them is refused with a message. */
const READ_LIMITS = { heapMb: 1024, timeMs: 120_000 };

/**
 * passiveData/meltwater: a new network of the caller's from a Meltwater export. The export is read and
 * the network built in a worker thread before anything is written, so a refused export stores nothing
 * and no export holds the server's event loop. Its text's size and nesting are checked here first (one
 * linear pass): 10 MB of brackets is refused without being parsed or handed to a worker.
 */
export async function createMeltwaterNetwork(
  deps: Deps,
  caller: SignedInCaller,
  input: TMeltwaterInput,
): Promise<TMeltwaterResult> {
  if (typeof input.jsonData === 'string') checkedText(input.jsonData);
  let built: TMeltwaterParseAnswer;
  try {
    built = await runScriptWorker<TMeltwaterParseAnswer>(
      'meltwater-parse',
      { jsonData: input.jsonData },
      undefined,
      READ_LIMITS,
    );
  } catch (error) {
    if (error instanceof WorkerDiedError && error.reason !== 'exit')
      throw new AppError('BAD_REQUEST', MELTWATER_MSG.tooHeavy(error.words));
    throw error;
  }
  if (!built.ok) throw new AppError(built.code, built.message);
  const { document, ok: _, ...counts } = built;
  const row = await insertNetwork(deps.db, {
    ownerId: caller.actor.userId,
    name: input.name,
    description: `From a Meltwater export of ${built.documents} documents`,
    document,
  });
  return { networkId: row.id, name: row.name, ...counts };
}
