// The degree histogram's bins: at most `maxBins` bars of equal width over 0..max degree.

export function degreeBins(degrees: number[], maxBins: number) {
  const max = Math.max(1, ...degrees);
  const width = Math.max(1, Math.ceil((max + 1) / maxBins));
  const bins = new Array<number>(Math.ceil((max + 1) / width)).fill(0);
  for (const d of degrees) bins[Math.floor(d / width)] = (bins[Math.floor(d / width)] ?? 0) + 1;
  return { bins, width, max };
}

/** A bin's degrees as people read them: "11" when it holds one value (the last bin stops at the maximum). */
export function binLabel(bin: number, width: number, max: number): string {
  const low = bin * width;
  const high = Math.min(max, low + width - 1);
  return high > low ? `${low}–${high}` : `${low}`;
}

/** The fullest bin (the first of equals). */
export const modeBin = (bins: number[]) => bins.reduce((best, c, i) => (c > (bins[best] ?? 0) ? i : best), 0);
