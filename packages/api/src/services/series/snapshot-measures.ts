import type { TStoredMeasures } from '@tieline/db';
import { networkMeasures, type TNetworkData } from '@tieline/graph';
import { SERIES_MSG } from '@tieline/validation';
import type { Deps } from '../../deps';
import type { SlotTicket } from '../../workers/fair-slots';
import { METRICS_WORKER_LIMITS, runScriptWorker } from '../../workers/script-worker';
import type { SeriesMeasuresInput } from '../../workers/series-measures';
import { slotRefusal } from '../../workers/slot-run';

// Each snapshot's measures are computed once, when it joins a series (a version never changes). Small
// documents are measured here; larger ones (Louvain over tens of thousands of ties) in series-measures
// workers, in one of the server's analysis slots like metrics and AONA runs (issue 36): batches of at
// most BATCH_CHARS of documents, up to `threads` workers at once in that one slot, as a metrics run
// uses METRICS_THREADS threads.

/** Documents up to this size (~15,000 ties as stored) are measured on the event loop in a few ms. */
const INLINE_CHARS = 1_500_000;
const BATCH_CHARS = 16 * 1024 * 1024;
const REFUSALS = { busy: SERIES_MSG.busy, tooHeavy: () => SERIES_MSG.tooHeavy };

export interface MeasureOptions {
  /** How long a request waits for a slot (429 after); jobs wait as long as it takes. */
  waitMs?: number;
  /** Workers at once in the slot. */
  threads?: number;
  /** The largest document measured here (tests lower it to reach the workers). */
  inlineChars?: number;
}

/** The measures of `count` documents (JSON text as stored, read one at a time by `load`), in order. */
export async function measureDocuments(
  deps: Pick<Deps, 'analysisSlots'>,
  ticket: SlotTicket,
  count: number,
  load: (i: number) => Promise<string>,
  { waitMs = Number.POSITIVE_INFINITY, threads = 1, inlineChars = INLINE_CHARS }: MeasureOptions = {},
): Promise<TStoredMeasures[]> {
  const out: TStoredMeasures[] = new Array(count);
  const running = new Set<Promise<void>>();
  let release: (() => void) | null = null;
  let batch: { at: number[]; jsons: string[]; size: number } = { at: [], jsons: [], size: 0 };
  const flush = async () => {
    if (batch.at.length === 0) return;
    const { at, jsons } = batch;
    batch = { at: [], jsons: [], size: 0 };
    release ??= await deps.analysisSlots.acquire(ticket, waitMs);
    const input: SeriesMeasuresInput = { jsons };
    const work = runScriptWorker<TStoredMeasures[]>('series-measures', input, undefined, METRICS_WORKER_LIMITS).then(
      (measured) => {
        at.forEach((i, k) => {
          out[i] = measured[k]!;
        });
      },
    );
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    if (running.size >= threads) await Promise.race(running);
  };
  try {
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
    await Promise.all(running);
    return out;
  } catch (error) {
    throw slotRefusal(error, REFUSALS);
  } finally {
    (release as (() => void) | null)?.();
  }
}
