export { normalizedBetweenness, topBrokers } from './betweenness';
export { compareSnapshots, type TCompareOptions } from './compare';
export type { TStabilityOptions, TStabilitySamples } from './stability';
export { percentile, removedCount, stability, stabilitySamples, summarizeStability } from './stability';
export * from './types';
