// The admin app's tRPC client splits a batch to the server's limit (TRPC_BATCH_MAX): the series page asks
// for every snapshot's document at once, and a batch of 13 was refused whole (400) by a server that
// takes 10, leaving "Some snapshots could not be loaded" (seen in CI). Here the client's requests are
// recorded by a stand-in for fetch that answers each call as the server would.
import { TRPC_BATCH_MAX } from '@tieline/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTrpcClient } from '../src/lib/trpc';

afterEach(() => vi.unstubAllGlobals());

describe('the tRPC client', () => {
  it('sends at most TRPC_BATCH_MAX calls a request, however many are asked at once', async () => {
    const sizes: number[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const calls = url.pathname.split('/').pop()!.split(',');
      sizes.push(calls.length);
      const body = calls.map((_, i) => ({ result: { data: { i } } }));
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    const client = createTrpcClient();
    const asked = Array.from({ length: 13 }, (_, i) =>
      client.networks.data.query({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    await Promise.all(asked);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(13);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(TRPC_BATCH_MAX);
    expect(sizes).toEqual([10, 3]);
  });
});
