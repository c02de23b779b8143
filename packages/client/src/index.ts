import type { AppRouter } from '@tieline/api/client';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';

export type { AppRouter } from '@tieline/api/client';
export type TielineOutputs = inferRouterOutputs<AppRouter>;
export type TNetworkSummary = TielineOutputs['networks']['get'];
/** An uploaded network, with what the upload did beside reading it (people named only in Edges added). */
export type TNetworkUploadResult = TNetworkSummary & { notices: string[] };

export interface TielineClientOptions {
  /** Where Tieline runs, e.g. https://tieline.example.org (no /api). */
  url: string;
  /** A key from users/settings/api: `tl_...`. */
  apiKey: string;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  fetch?: typeof fetch;
}

/** A refused REST call: the HTTP status and the server's `{ message, code }`. */
export class TielineRestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole JSON answer (a refused network upload lists its problems). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'TielineRestError';
  }
}

export interface UploadNetworkInput {
  name: string;
  fileType: 'excel' | 'gexf' | 'graphml' | 'json';
  directed: boolean;
  /** The file's bytes; a Blob keeps its type and name. */
  file: Blob | Uint8Array;
  fileName?: string;
}

/** The REST-only calls a script needs (file downloads and multipart uploads have no tRPC procedure). */
export interface TielineRest {
  /** GET /api/base/responses/all/{surveyId}/xlsx: every response of a survey as an Excel workbook. */
  downloadResponses(surveyId: string): Promise<Uint8Array>;
  /** POST /api/base/networks (multipart): a network from an Excel, GEXF, GraphML or JSON file. */
  uploadNetwork(input: UploadNetworkInput): Promise<TNetworkUploadResult>;
}

export type TielineClient = TRPCClient<AppRouter> & { rest: TielineRest };

/**
 * A client for scripts: every tRPC procedure typed from the server's AppRouter
 * (`client.surveys.list.query({})`), plus `client.rest` for downloads and uploads. Every call carries
 * `Authorization: Bearer <apiKey>` and acts as the key's user, with that user's permissions.
 */
export function createTielineClient(options: TielineClientOptions): TielineClient {
  const base = options.url.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const headers = { authorization: `Bearer ${options.apiKey}` };
  const trpc = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${base}/api/trpc`, headers, fetch: fetchImpl })],
  });

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetchImpl(`${base}/api/base${path}`, { ...init, headers: { ...headers } });
    if (res.ok) return res;
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const message = (body as { message?: unknown })?.message;
    throw new TielineRestError(res.status, typeof message === 'string' ? message : res.statusText, body);
  }

  const rest: TielineRest = {
    async downloadResponses(surveyId) {
      const res = await send(`/responses/all/${encodeURIComponent(surveyId)}/xlsx`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async uploadNetwork({ name, fileType, directed, file, fileName }) {
      const form = new FormData();
      form.set('name', name);
      form.set('fileType', fileType);
      form.set('directed', String(directed));
      const blob = file instanceof Blob ? file : new Blob([file]);
      form.set('file', blob, fileName ?? (file instanceof File ? file.name : `network.${fileType}`));
      const res = await send('/networks', { method: 'POST', body: form });
      return (await res.json()) as TNetworkUploadResult;
    },
  };

  // The tRPC client is a proxy answering any property as a procedure path; `rest` is answered here.
  return new Proxy(trpc, {
    get: (target, prop, receiver) => (prop === 'rest' ? rest : Reflect.get(target, prop, receiver)),
  }) as TielineClient;
}
