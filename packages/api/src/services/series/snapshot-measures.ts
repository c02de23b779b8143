import type { TStoredMeasures } from '@tieline/db';
import { networkMeasures, type TNetworkData } from '@tieline/graph';
import { SERIES_MSG } from '@tieline/validation';
import type { Deps } from '../../deps';
import type { SlotTicket } from '../../workers/fair-slots';
import { METRICS_WORKER_LIMITS } from '../../workers/script-worker';
import type { SeriesMeasuresInput } from '../../workers/series-measures';
import { workerInSlot } from '../../workers/slot-run';

// Each snapshot's measures are computed once, when it joins a series (a version never changes). Small
// documents are measured here; larger ones (Louvain over tens of thousands of ties) in the
// series-measures worker, in one of the server's analysis slots like metrics and AONA runs (issue 36),
// batched so one worker never holds more than BATCH_CHARS of documents.

/** Documents up to this size (~15,000 ties as stored) are measured on the event loop in a few ms. */
const INLINE_CHARS = 1_500_000;
const BATCH_CHARS = 64 * 1024 * 1024;

/**
 * The measures of `count` documents (JSON text as stored, read one at a time by `load`), in order.
 * `waitMs`: how long a request waits for a slot (429 after); jobs wait as long as it takes.
 * `inlineChars`: the largest document measured here (tests lower it to reach the worker).
 */
export async function measureDocuments(
  deps: Pick<Deps, 'analysisSlots'>,
  ticket: SlotTicket,
  count: number,
  load: (i: number) => Promise<string>,
  { waitMs = Number.POSITIVE_INFINITY, inlineChars = INLINE_CHARS }: { waitMs?: number; inlineChars?: number } = {},
): Promise<TStoredMeasures[]> {
  const out: TStoredMeasures[] = new Array(count);
  let batch: { at: number[]; jsons: string[]; size: number } = { at: [], jsons: [], size: 0 };
  const flush = async () => {
    if (batch.at.length === 0) return;
    const { at, jsons } = batch;
    batch = { at: [], jsons: [], size: 0 };
    const measured = await inSlot(deps, ticket, { jsons }, waitMs);
    at.forEach((i, k) => {
      out[i] = measured[k]!;
    });
  };
  for (let i = 0; i < count; i++) {
    const json = await load(i);
    if (json.length <= inlineChars) {
      out[i] = networkMeasures(JSON.parse(json) as TNetworkData);
      continue;
    }
    if (batch.size + json.length > BATCH_CHARS) await flush();
    batch.at.push(i);
    batch.jsons.push(json);
    batch.size += json.length;
  }
  await flush();
  return out;
}

const inSlot = (deps: Pick<Deps, 'analysisSlots'>, ticket: SlotTicket, input: SeriesMeasuresInput, waitMs: number) =>
  workerInSlot<TStoredMeasures[]>(
    deps.analysisSlots,
    ticket,
    waitMs,
    { name: 'series-measures', input, limits: METRICS_WORKER_LIMITS },
    { busy: SERIES_MSG.busy, tooHeavy: () => SERIES_MSG.tooHeavy },
  );
