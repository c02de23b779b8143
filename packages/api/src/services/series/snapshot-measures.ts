import type { TStoredMeasures } from '@tieline/db';
import { networkMeasures, type TNetworkData } from '@tieline/graph';
import { SERIES_MSG } from '@tieline/validation';
import { later } from '../../batching/later';
import type { Deps } from '../../deps';
import type { SlotTicket } from '../../workers/fair-slots';
import { METRICS_WORKER_LIMITS, runScriptWorker } from '../../workers/script-worker';
import type { SeriesMeasuresAnswer, SeriesMeasuresRequest } from '../../workers/series-measures';
import { slotRefusal } from '../../workers/slot-run';

// Each snapshot's measures are computed once, when it joins a series (a version never changes). Small
// documents are measured here; larger ones (Louvain over tens of thousands of ties) in series-measures
// workers, in one of the server's analysis slots like metrics and AONA runs (issue 36): up to `threads`
// workers at once in that one slot, as a metrics run uses METRICS_THREADS threads. Each worker lives for
// the whole series and asks for the next document when it has measured one, so a series of 26 large
// snapshots starts two processes, not 26, and no message carries more than one document.

/** Documents up to this size (~15,000 ties as stored) are measured on the event loop in a few ms. */
const INLINE_CHARS = 1_500_000;
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
  // Large documents waiting for a worker; `more` wakes workers waiting for the next one.
  const line: { at: number; json: string }[] = [];
  let loaded = false;
  let more = later<void>();
  const workers: Promise<null>[] = [];
  let release: (() => void) | null = null;
  const next = async (): Promise<SeriesMeasuresAnswer> => {
    for (;;) {
      const item = line.shift();
      if (item) return item;
      if (loaded) return null;
      await more.promise;
    }
  };
  const onRequest = async (request: unknown): Promise<SeriesMeasuresAnswer> => {
    const { measured } = request as SeriesMeasuresRequest;
    if (measured) out[measured.at] = measured.measures;
    return next();
  };
  try {
    for (let i = 0; i < count; i++) {
      const json = await load(i);
      if (json.length <= inlineChars) {
        out[i] = networkMeasures(JSON.parse(json) as TNetworkData);
        continue;
      }
      line.push({ at: i, json });
      more.resolve();
      more = later<void>();
      if (workers.length < threads) {
        release ??= await deps.analysisSlots.acquire(ticket, waitMs);
        const worker = runScriptWorker<null>('series-measures', null, undefined, {
          ...METRICS_WORKER_LIMITS,
          onRequest,
        });
        // Awaited below; a death while documents are still being loaded must not go unhandled meanwhile.
        worker.catch(() => undefined);
        workers.push(worker);
      }
    }
    loaded = true;
    more.resolve();
    await Promise.all(workers);
    return out;
  } catch (error) {
    loaded = true;
    line.length = 0;
    more.resolve();
    await Promise.allSettled(workers);
    throw slotRefusal(error, REFUSALS);
  } finally {
    (release as (() => void) | null)?.();
  }
}
