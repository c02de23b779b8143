import { MSG, NETWORK_MSG } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorFallback, errorMessage, UNREACHABLE } from '../src/lib/errors';

// Spec §8: a failed call shows the server's message; without one, profile and most actions say
// 'Unexpected error.' and network actions 'Something went wrong' (the global toast picks by the key).

const fromProcedure = (message: string) =>
  new TRPCClientError(message, { result: { error: { message, code: -32603, data: { code: 'X', httpStatus: 500 } } } });

describe('errorMessage', () => {
  it("shows the server's message, else the fallback given", () => {
    expect(errorMessage(fromProcedure('Network not found'))).toBe('Network not found');
    expect(errorMessage(fromProcedure(''))).toBe(MSG.unexpected);
    expect(errorMessage(fromProcedure(''), NETWORK_MSG.failed)).toBe('Something went wrong');
    expect(errorMessage('not an error', NETWORK_MSG.failed)).toBe('Something went wrong');
    expect(errorMessage(new TRPCClientError('fetch failed'))).toBe(UNREACHABLE);
  });

  it('falls back by the mutation: network procedures say Something went wrong', () => {
    expect(errorFallback([['networks', 'combine'], { type: 'mutation' }])).toBe('Something went wrong');
    expect(errorFallback([['networks', 'views', 'create']])).toBe('Something went wrong');
    expect(errorFallback([['profile', 'update']])).toBe(MSG.unexpected);
    expect(errorFallback(undefined)).toBe(MSG.unexpected);
  });
});
