import { z } from 'zod';
import { executeRun, failRun } from '../../services/passive-data/query-run';
import { defineJob } from '../define';

/**
 * Runs one passive-data query (services/passive-data/query-run.ts). A throw retries with the queue's
 * backoff (the run stays running meanwhile, and starts over: it writes nothing until it stores the
 * network); the last attempt marks the run failed.
 */
export const passiveQueryRunJob = defineJob({
  kind: 'passive-query-run',
  schema: z.object({ runId: z.uuid() }),
  run: async (deps, { runId }, { attempt, maxAttempts }) => {
    try {
      await executeRun(deps.db, deps.secrets, runId);
    } catch (error) {
      if (attempt >= maxAttempts) await failRun(deps.db, runId);
      throw error;
    }
  },
});
