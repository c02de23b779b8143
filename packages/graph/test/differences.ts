// How a reference test compares an answer with the expected JSON.

/** Every number within 1e-9, everything else equal. Returns the paths that differ. */
export function differences(actual: unknown, want: unknown, path = ''): string[] {
  if (typeof want === 'number' && typeof actual === 'number')
    return Math.abs(actual - want) <= 1e-9 ? [] : [`${path}: ${actual} vs ${want}`];
  if (Array.isArray(want)) {
    if (!Array.isArray(actual) || actual.length !== want.length) return [`${path}: length ${String(actual)}`];
    return want.flatMap((w, i) => differences(actual[i], w, `${path}[${i}]`));
  }
  if (want !== null && typeof want === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path}: ${String(actual)}`];
    const keys = new Set([...Object.keys(want), ...Object.keys(actual)]);
    return [...keys].flatMap((k) =>
      differences((actual as Record<string, unknown>)[k], (want as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return actual === want ? [] : [`${path}: ${String(actual)} vs ${String(want)}`];
}
