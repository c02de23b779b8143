import type { OpenApiMeta } from 'trpc-to-openapi';

type TOpenApi = NonNullable<OpenApiMeta['openapi']>;

/**
 * A router's REST entries, each with its method, path and summary in view while the router's tags and
 * error texts are said once: `const rest = restMeta(['networks'], write)`, then
 * `.meta(rest('GET', '/networks/{id}/views', 'Saved views'))`. `more` adds or replaces fields (a
 * description, another error table).
 */
export const restMeta =
  (tags: string[], errorResponses: TOpenApi['errorResponses']) =>
  (method: TOpenApi['method'], path: TOpenApi['path'], summary: string, more: Partial<TOpenApi> = {}) => ({
    openapi: { method, path, tags, summary, errorResponses, ...more },
  });

/** An error table's picker: `errorResponses(400, 401, 404)` takes those codes' texts from `texts`. */
export const errorPicker =
  <K extends number>(texts: Record<K, string>) =>
  (...codes: K[]) =>
    Object.fromEntries(codes.map((code) => [code, texts[code]])) as Record<number, string>;

/** A signed-in router's error table: its own texts beside the 401 and 500 every such router answers. */
export const signedInErrors = (texts: Record<number, string>): Record<number, string> => ({
  401: 'Not signed in',
  500: 'Something went wrong',
  ...texts,
});
