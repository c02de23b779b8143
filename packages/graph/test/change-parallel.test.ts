// stabilityParallel splits the samples over worker threads and answers what stability answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { stability, type TNetworkData } from '../src';
import { stabilityParallel } from '../src/node';

it('stabilityParallel over two workers equals stability', async () => {
  const data: TNetworkData = JSON.parse(
    readFileSync(join(import.meta.dirname, '../reference/change-graphs/stability-advice.json'), 'utf8'),
  );
  const options = { dropout: 0.2, samples: 30 };
  const progress: number[] = [];
  const got = await stabilityParallel(data, options, { threads: 2, onProgress: (f) => progress.push(f) });
  expect(got).toEqual(stability(data, options));
  expect(progress).toHaveLength(30);
  expect(progress.at(-1)).toBe(1);
});
