export { informalAlignment, pairCorrelation, type TAlignmentOptions } from './alignment';
export { cfi, cfiAttributeName, cfiNodeValues, cfiValue, withCfiAttribute } from './cfi';
export { sharedPeople } from './common-people';
export { informalDistance } from './distance';
export { compareNames, foldName, round12 } from './fold';
export {
  adaptableReadiness,
  burtConstraint,
  readinessLayers,
  type TReadinessLayer,
  type TReadinessOptions,
  UnknownLayersError,
} from './readiness';
export { simpleGraph, type TSimpleGraph, tiesOf } from './simple-graph';
export type * from './types';
