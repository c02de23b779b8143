// A list's loading and failure states for DataTable, said once: `<DataTable {...queryStates(list,
// 'the surveys')} …/>` shows "Loading the surveys…" while the query is pending, and "The surveys could
// not be loaded." with "Try again" when it failed.

/** For a list whose loading and retry come from elsewhere (a parent's query): `onRetry` set means it failed. */
export function listStates(noun: string, loading: boolean, onRetry: (() => void) | null | undefined) {
  return {
    loading,
    loadingLabel: `Loading ${noun}…`,
    error: onRetry ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded.` : undefined,
    onRetry: onRetry ?? undefined,
  };
}

/** For a list read by one query. */
export const queryStates = (query: { isPending: boolean; isError: boolean; refetch(): unknown }, noun: string) =>
  listStates(noun, query.isPending, query.isError ? () => void query.refetch() : null);
