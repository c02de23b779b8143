import type { TNodeMetrics } from '@tieline/graph';

// What each person's measure means, in a line (docs/network-metrics.md has the exact definitions).

export const METRIC_DESCRIPTIONS: Partial<Record<keyof TNodeMetrics, string>> = {
  degree: 'Ties in either direction.',
  inDegree: 'Ties received.',
  outDegree: 'Ties given.',
  strength: 'The weights of all their ties, added up.',
  betweennessNormalized: 'How often they lie on the shortest paths between two others (0 to 1).',
  closeness: 'How near they are to the people they can reach: the shorter the paths, the higher.',
  harmonicCloseness: 'The sum of 1 / distance to everyone else; people out of reach add 0.',
  eigenvector:
    'How well connected the people tied to them are (incoming ties), largest 1. In a directed network without cycles (no ties lead back round), everyone scores 0, as igraph answers.',
  pagerank: 'The share of time a random walk along the ties spends with them (all add up to 1).',
  hub: 'HITS: pointing to good authorities. Where several answers are equally valid (two identical separate groups, or two-mode networks), one of them is shown.',
  authority: 'HITS: pointed to by good hubs. Where several answers are equally valid, one of them is shown.',
  katz: 'Like eigenvector, but everyone starts with a little standing, so it also works without cycles.',
  clustering: 'The share of their contacts who are tied to each other.',
  coreNumber: 'The largest k for which they are in a group where everyone has at least k ties.',
};
