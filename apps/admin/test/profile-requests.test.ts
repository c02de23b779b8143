import { MSG, PROFILE_LIMITS, PROFILE_MSG } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { avatarFileProblem, profileError } from '../src/features/profile/profile-requests';

describe('profile errors (spec §8: fall back to Unexpected error.)', () => {
  it("shows the server's message", () => {
    const refused = TRPCClientError.from({
      error: {
        message: PROFILE_MSG.currentPasswordWrong,
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
    expect(profileError(refused)).toBe(PROFILE_MSG.currentPasswordWrong);
    expect(profileError(new Error(PROFILE_MSG.avatarType))).toBe(PROFILE_MSG.avatarType);
  });

  it("falls back to 'Unexpected error.' when no message comes", () => {
    expect(profileError(TRPCClientError.from(new Error('Failed to fetch')))).toBe(MSG.unexpected);
    expect(profileError(new Error(''))).toBe(MSG.unexpected);
    expect(profileError(undefined)).toBe(MSG.unexpected);
  });
});

describe('avatar files, before sending', () => {
  const file = (bytes: number, type: string) => new File([new Uint8Array(bytes)], 'me', { type });
  it.each([
    [file(10, 'image/png'), null],
    [file(10, 'image/jpeg'), null],
    [file(0, 'image/png'), PROFILE_MSG.avatarRequired],
    [file(PROFILE_LIMITS.avatarMaxBytes + 1, 'image/png'), PROFILE_MSG.avatarTooLarge],
    [file(10, 'image/gif'), PROFILE_MSG.avatarType],
    [file(10, 'image/svg+xml'), PROFILE_MSG.avatarType],
  ])('%#', (f, problem) => {
    expect(avatarFileProblem(f)).toBe(problem);
  });
});
