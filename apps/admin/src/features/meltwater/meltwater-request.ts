import { MELTWATER_LIMITS, MELTWATER_MSG, NETWORK_MSG, type TMeltwaterResult, ZNetworkName } from '@tieline/validation';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';

// POST /api/base/passiveData/meltwater (spec platform §7): through REST, whose body limit takes a 20 MB
// export (tRPC's does not). The name and size are checked here first, with the server's messages.

export type TMeltwaterAnswer = { ok: true; result: TMeltwaterResult } | { ok: false; message: string };

/** The name's problem, or null (the network name rules). */
export function nameProblem(name: string): string | null {
  const parsed = ZNetworkName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? NETWORK_MSG.nameRequired);
}

/** The export text's problem before sending it, or null. */
export function exportProblem(text: string, whenEmpty: string): string | null {
  if (text.trim() === '') return whenEmpty;
  if (new Blob([text]).size > MELTWATER_LIMITS.textMaxBytes) return MELTWATER_MSG.tooLarge;
  return null;
}

export async function sendMeltwaterExport(
  name: string,
  jsonData: string,
  onProgress: (percent: number) => void,
): Promise<TMeltwaterAnswer> {
  const answer = await postWithProgress(
    '/api/base/passiveData/meltwater',
    JSON.stringify({ name, jsonData }),
    onProgress,
  );
  if (answer.status >= 200 && answer.status < 300) {
    return { ok: true, result: JSON.parse(answer.text) as TMeltwaterResult };
  }
  return { ok: false, message: readErrorBody(answer.text).message };
}
