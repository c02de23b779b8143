import type { AppRouter } from '@tieline/api/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

// The shapes of the documented REST paths, taken from the procedures behind them (types only: no code).
type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
export type TRespondentSurvey = Outputs['surveys']['byRandomUUID'];
type TSupportRequest = Inputs['support']['request'];
type TSupportResult = Outputs['support']['request'];

/** A failed call: HTTP status (0 when the server was not reached) and the server's `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/base${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
    throw new ApiError(res.status, message);
  }
  return body as T;
}

/** GET /api/base/surveys/byRandomUUID/{id}: the survey behind a personal link. */
export function fetchSurveyByRandomUUID(id: string, signal?: AbortSignal): Promise<TRespondentSurvey> {
  return request(`/surveys/byRandomUUID/${encodeURIComponent(id)}`, signal ? { signal } : undefined);
}

/** POST /api/base/supportRequest */
export function sendSupportRequest(input: TSupportRequest): Promise<TSupportResult> {
  return request('/supportRequest', { method: 'POST', body: JSON.stringify(input) });
}
