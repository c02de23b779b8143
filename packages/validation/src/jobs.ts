// What a background job says when its worker thread or its server dies while running it (packages/api
// src/jobs/queue.ts): shown on the card of what the job was doing (a connection, a query run).

/** Where a job was when it died: the step it last recorded, or its start. */
const where = (step: string | null) => step ?? 'the start';

export const JOB_MSG = {
  /** The second death at the same step, the same way: the job fails for good. */
  diedTwice: (who: string, words: string, step: string | null) => `Stopped: ${who} ${words} twice at ${where(step)}`,
  /** The second death at the same step, another way than the first. */
  diedAgain: (who: string, words: string, step: string | null) =>
    `Stopped: ${who} ${words} at ${where(step)}, where it had stopped before`,
  /** A death on the job's last try. */
  diedLastTry: (who: string, words: string, step: string | null) =>
    `Stopped: ${who} ${words} at ${where(step)} on its last try`,
  /** A first death (or one at another step than the last): the job tries again after a pause. */
  diedRetrying: (who: string, words: string, step: string | null) =>
    `${who.charAt(0).toUpperCase()}${who.slice(1)} ${words} at ${where(step)}; trying again`,
  /** Who dies when the whole server stops (a crash, kill -9, a machine lost) rather than a worker thread. */
  server: 'the server',
  serverWords: 'stopped',
  /** Who dies when a job names nothing better (JobDefinition.title). */
  job: 'the job',
} as const;
