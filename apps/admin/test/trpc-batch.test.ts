// The admin app's tRPC client splits a batch to the server's limit (TRPC_BATCH_MAX): a page asking for many
// calls at once (the series page once asked for every snapshot's document in one batch of 13, refused
// whole (400) by a server that takes 10) gets them all. A network's document goes by its REST path
// (lib/network-data-link.ts). Here the client's requests are recorded by a stand-in for fetch that
// answers each call as the server would.
import { TRPC_BATCH_MAX } from '@tieline/validation';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCode, errorMessage } from '../src/lib/errors';
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
      client.networks.get.query({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    await Promise.all(asked);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(13);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(TRPC_BATCH_MAX);
    expect(sizes).toEqual([10, 3]);
  });

  it('reads a network document from its REST path, the error as the procedure’s', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      if (url.includes('version=2'))
        return new Response(
          JSON.stringify({ message: 'That version of the network is no longer kept', code: 'NOT_FOUND' }),
          {
            status: 404,
            headers: { 'content-type': 'application/json' },
          },
        );
      return new Response(JSON.stringify({ network: { _id: 'n' }, data: { nodes: [] } }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = createTrpcClient();
    const id = '00000000-0000-4000-8000-000000000001';
    expect(await client.networks.data.query({ id })).toEqual({ network: { _id: 'n' }, data: { nodes: [] } });
    const gone = await client.networks.data.query({ id, version: 2 }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(TRPCClientError);
    expect(errorCode(gone)).toBe('NOT_FOUND');
    expect(errorMessage(gone)).toBe('That version of the network is no longer kept');
    expect(urls).toEqual([`/api/base/networks/${id}/data`, `/api/base/networks/${id}/data?version=2`]);
  });
});
