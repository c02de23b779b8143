export { METRIC_COLUMNS, metricColumns, type TMetricColumn } from './columns';
export { seededRandom } from './community';
export { assembleMetrics, computeMetrics, pathGraph } from './compute';
export { buildCsr, type TAllocate, type TCsr } from './csr';
export { networkMeasures, type TNetworkMeasures } from './measures';
export {
  addSource,
  addTotals,
  createPathTotals,
  createPathWorkspace,
  type TPathGraph,
  type TPathTotals,
} from './paths';
export * from './types';
