import type { TAnswer } from '@tieline/validation';
import type { TSend, TSendOutcome } from '../src/offline/queue-types';

export const text = (questionId: string, t: string): TAnswer => ({ questionId, dataInput: [{ text: t }] });
export const picks = (questionId: string, ...ids: string[]): TAnswer => ({
  questionId,
  dataInput: [{ selectedIds: ids }],
});

/** A response no one has saved yet, as the link's read answers it. */
export const NEW = { answers: [] as TAnswer[], revision: 0, submitted: false, page: null };

type TCall = { saveId: string; revision: number; submitted: boolean; page: number; answers: TAnswer[] };

/**
 * A server that follows the save contract (revision check, saveId replay, submission) and can be taken
 * offline or made to lose its answer after applying a save.
 */
export interface TContractServer {
  answers: TAnswer[];
  revision: number;
  submitted: boolean;
  applied: Set<string>;
  offline: boolean;
  loseNextReply: boolean;
  calls: TCall[];
  /** The page of the last applied save (what the link's read answers). */
  page: number | null;
  send: TSend;
  /** GET responses/{randomUUID}, as the queue opens on it. */
  read: () => { answers: TAnswer[]; revision: number; submitted: boolean; page: number | null };
}

export function contractServer(): TContractServer {
  const server: TContractServer = {
    answers: [] as TAnswer[],
    revision: 0,
    submitted: false,
    applied: new Set<string>(),
    offline: false,
    loseNextReply: false,
    calls: [] as TCall[],
    page: null,
    read: () => ({
      answers: server.answers,
      revision: server.revision,
      submitted: server.submitted,
      page: server.page,
    }),
    send: async (save) => {
      const { saveId, revision, submitted, page, answers } = save;
      server.calls.push({ saveId, revision, submitted, page, answers });
      if (server.offline) return { kind: 'unreachable' };
      let reply: TSendOutcome;
      if (server.applied.has(save.saveId)) reply = { kind: 'ok', revision: server.revision };
      else if (server.submitted) reply = { kind: 'alreadySubmitted' };
      else if (save.revision !== server.revision)
        reply = { kind: 'stale', revision: server.revision, answers: server.answers };
      else {
        server.applied.add(save.saveId);
        server.answers = save.answers;
        server.revision += 1;
        server.submitted = save.submitted;
        server.page = save.page;
        reply = { kind: 'ok', revision: server.revision };
      }
      if (server.loseNextReply) {
        server.loseNextReply = false;
        return { kind: 'unreachable' };
      }
      return reply;
    },
  };
  return server;
}
