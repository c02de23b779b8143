import { failPseudonymization, runPseudonymization } from '../../services/passive-data/pseudonymize-run';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/**
 * Converts what an account kept by name once pseudonymization is switched on
 * (services/passive-data/pseudonymize-run.ts): its passive networks with every kept version, then its
 * people and lists, then compacts the tables. Idempotent, so a retry starts over safely; the last
 * attempt marks the conversion failed on the settings page.
 */
export const passivePseudonymizeJob = defineJob({
  kind: 'passive-pseudonymize',
  schema: JOB_PAYLOADS['passive-pseudonymize'],
  run: async (deps, { accountId }, { attempt, maxAttempts, step }) => {
    try {
      await runPseudonymization(deps, accountId, step);
    } catch (error) {
      if (attempt >= maxAttempts) await failPseudonymization(deps.db, accountId);
      throw error;
    }
  },
});
