import { z } from 'zod';
import { ZId, zLine } from './common';
import { strictNumber } from './strict';

// Saved views of a network (the explorer's `{viewId}` routes). The state is the explorer's own JSON
// object, stored as given up to a size limit; the server checks only that it is an object and not huge.

export const NETWORK_VIEW_MSG = {
  notFound: 'View not found',
  nameRequired: 'View name cannot be blank',
  nameTooLong: 'View name must be at most 100 characters',
  stateNotObject: 'A view must be a JSON object',
  stateTooLarge: 'This view is too large to save (at most 2 MB)',
  stale: 'This view was changed elsewhere. Reload to see the latest version.',
  tooMany: 'A network can have at most 100 views',
} as const;

export const NETWORK_VIEW_LIMITS = {
  nameMax: 100,
  /** Characters of the state's JSON: positions of 20,000 people fit with room to spare. */
  stateMaxChars: 2_000_000,
  viewsMax: 100,
  /** The view routes' own JSON body limit (server.ts), above the state limit. */
  bodyMaxBytes: 2_200_000,
} as const;

export const ZNetworkViewName = zLine({
  required: NETWORK_VIEW_MSG.nameRequired,
  max: NETWORK_VIEW_LIMITS.nameMax,
  tooLong: NETWORK_VIEW_MSG.nameTooLong,
});

export const ZNetworkViewState = z
  .record(z.string(), z.unknown(), { error: NETWORK_VIEW_MSG.stateNotObject })
  .refine((s) => JSON.stringify(s).length <= NETWORK_VIEW_LIMITS.stateMaxChars, NETWORK_VIEW_MSG.stateTooLarge);

export const ZNetworkView = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNetworkView = z.infer<typeof ZNetworkView>;

export const ZCreateNetworkViewInput = z.object({ id: ZId, name: ZNetworkViewName, state: ZNetworkViewState });
export const ZUpdateNetworkViewInput = z.object({
  id: ZId,
  viewId: ZId,
  version: strictNumber(z.number({ error: 'version must be a number' }).int().positive()),
  name: ZNetworkViewName.optional(),
  state: ZNetworkViewState.optional(),
});
export type TUpdateNetworkViewInput = z.infer<typeof ZUpdateNetworkViewInput>;
export const ZNetworkViewIdInput = z.object({ id: ZId, viewId: ZId });
