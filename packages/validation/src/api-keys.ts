import { z } from 'zod';
import { ZId, zLine } from './common';

// API keys (users/settings/api): scripts authenticate with `Authorization: Bearer <key>` as the user who
// made the key. The key is shown once; the server keeps its SHA-256 and the visible prefix only.

export const API_KEY_MSG = {
  notFound: 'API key not found',
  nameRequired: 'Key name cannot be blank',
  nameTooLong: 'Key name must be at most 100 characters',
  expiryInvalid: 'Expiry must be a date and time',
  expiryPast: 'Expiry must be in the future',
  tooMany: 'You can have at most 20 API keys. Revoke one to add another.',
  notWithKey: 'Sign in to manage API keys',
} as const;

export const API_KEY_LIMITS = {
  nameMax: 100,
  keysPerUser: 20,
  /** Last-used time is written at most this often per key, so a busy script costs no write per call. */
  lastUsedEveryMs: 60_000,
} as const;

/** `tl_` then 32 base32 characters (160 random bits); the first 11 characters are the visible prefix. */
export const API_KEY_PATTERN = /^tl_[a-z2-7]{32}$/;
export const API_KEY_PREFIX_LENGTH = 11;

export const ZApiKeyName = zLine({
  required: API_KEY_MSG.nameRequired,
  max: API_KEY_LIMITS.nameMax,
  tooLong: API_KEY_MSG.nameTooLong,
});

export const ZCreateApiKeyInput = z.object({
  name: ZApiKeyName,
  expiresAt: z.iso.datetime({ offset: true, error: API_KEY_MSG.expiryInvalid }).nullish(),
});
export type TCreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

/** What creating a key answers: the only time the key itself is ever sent. */
export const ZCreatedApiKey = z.object({ _id: z.string(), key: z.string(), prefix: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZApiKey = z.object({
  _id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyIdInput = z.object({ id: ZId });
