// The messages of the networks calls (platform spec §2, §8), without zod: the admin app's error
// fallback needs them in its first download, which must not bring the schemas (and zod) with them.

export const NETWORK_MSG = {
  /** Spec §8: network actions fall back to this. */
  failed: 'Something went wrong',
  notFound: 'Network not found',
  nameRequired: 'Network name cannot be blank',
  nameTooLong: 'Network name must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2,000 characters',
  notText: 'Please enter text',
  stale: 'This network was changed elsewhere. Reload to see the latest version.',
  notOwner: 'Only the owner of this network can do that',
  readOnly: 'You have view access to this network; ask its owner for edit access',
  combineTooFew: 'Choose at least two networks to combine',
  combineTooMany: 'Choose at most 10 networks to combine',
  combineDuplicate: 'Each network can be combined only once',
  combineTooManyTies: 'The combined network would have more than 500,000 ties. Combine fewer or smaller networks.',
  combineTooManyPeople: 'The combined network would have more than 100,000 people. Combine fewer or smaller networks.',
  selectNone: 'Choose at least one network',
  selectTooMany: 'Choose at most 100 networks at a time',
  shareUnknownUser: 'No Tieline user has this email address',
  shareSelf: 'You already own this network',
  shareExists: 'This person already has access to this network',
  permission: "Permission must be 'View' or 'Edit'",
  surveyHasNoRelationships: 'This survey has no relationship questions to make a network from',
  notFromSurvey: 'This network was not made from a survey',
  noSuchAttribute: 'The network has no category attribute of that name',
  noSuchLayer: 'The network has no layer of that number',
  metricsFlag: "metrics must be 'true' or 'false'",
  version: 'version must be a whole number from 1',
  versionGone: 'That version of the network is no longer kept',
  /** An export waited for metrics that could not be computed (`reason`: the job's own words, when it has any). */
  exportMetricsFailed: (reason: string | null) =>
    `The metrics of this network could not be computed${reason ? ` (${reason})` : ''}. Export it without metrics instead.`,
} as const;
