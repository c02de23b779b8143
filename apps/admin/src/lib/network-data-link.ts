import type { AppRouter } from '@tieline/api/client';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/**
 * networks.data over its REST path (GET /api/base/networks/{id}/data), which sends the stored document as
 * it is: through /api/trpc the server would read a network of 500,000 ties and write it again, seconds
 * of its thread. The answer and the errors are the procedure's, so callers and the query cache see no
 * difference.
 */
export const networkDataLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    observable((observer) => {
      const { id, version } = op.input as { id: string; version?: number };
      const query = version === undefined ? '' : `?version=${encodeURIComponent(version)}`;
      const abort = new AbortController();
      fetch(`/api/base/networks/${encodeURIComponent(id)}/data${query}`, { signal: abort.signal })
        .then(async (res) => {
          const body = await res.json().catch(() => null);
          if (res.ok) {
            observer.next({ result: { type: 'data', data: body } });
            return observer.complete();
          }
          const { message = '', code = 'INTERNAL_SERVER_ERROR' } = (body ?? {}) as { message?: string; code?: string };
          const error = { message, code: -32000, data: { code, httpStatus: res.status, path: op.path } };
          observer.error(TRPCClientError.from({ error }));
        })
        .catch((cause: unknown) => observer.error(TRPCClientError.from(cause as Error)));
      return () => abort.abort();
    });
