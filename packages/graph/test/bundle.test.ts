// The worker mechanism survives bundling: esbuild with packages/api/build.mjs's settings writes a main
// bundle and metrics-worker.js beside it, and plain node (no tsx) runs them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'tieline-graph-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const src = join(import.meta.dirname, '../src');

it('runs the workers from an esbuild bundle', async () => {
  const entry = join(dir, 'main.ts');
  writeFileSync(
    entry,
    `import { readFileSync } from 'node:fs';
import { computeMetricsParallel } from ${JSON.stringify(join(src, 'node'))};
const data = JSON.parse(readFileSync(${JSON.stringify(join(import.meta.dirname, '../reference/graphs/karate.json'))}, 'utf8'));
const result = await computeMetricsParallel(data, {}, { threads: 2 });
console.log(JSON.stringify(result.nodes.map((n) => n.betweenness)));
`,
  );
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __tielineRequire } from 'node:module'; const require = __tielineRequire(import.meta.url);",
    },
  } as const;
  await build({ ...options, entryPoints: [entry], outfile: join(dir, 'server.js') });
  await build({
    ...options,
    entryPoints: [join(src, 'node/metrics-worker.ts')],
    outfile: join(dir, 'metrics-worker.js'),
  });
  const out = execFileSync(process.execPath, [join(dir, 'server.js')], { encoding: 'utf8' });
  const betweenness: number[] = JSON.parse(out);
  expect(betweenness).toHaveLength(34);
  // Zachary's club: member 0 brokers the most (231.07 in igraph).
  expect(betweenness[0]).toBeCloseTo(231.0714285714, 9);
});
