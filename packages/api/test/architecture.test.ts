import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The arrows of ../shared/design/architecture.md, checked on the source: a feature's services never
// reach into another feature's, and the shared layers (access, auth, http, mail, xlsx, errors) never import services
// or routers, so nothing points back up.

const src = fileURLToPath(new URL('../src', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Each relative import of a file, as a path under src/. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => relative(src, join(file, '..', m[1]!)));
}

/** Imports from files under src/<layer>/<feature>/ into another feature's services. */
function crossFeatureServiceImports(layer: string): string[] {
  return files(join(src, layer)).flatMap((file) => {
    const feature = relative(src, file).split('/')[1];
    return imports(file)
      .filter((target) => target.startsWith('services/') && target.split('/')[1] !== feature)
      .map((target) => `${relative(src, file)} -> ${target}`);
  });
}

describe('import arrows in packages/api', () => {
  it('no service imports another feature’s services', () => {
    expect(crossFeatureServiceImports('services')).toEqual([]);
  });

  it('routers call their own feature’s services', () => {
    expect(crossFeatureServiceImports('routers')).toEqual([]);
  });

  it('shared layers never import services, routers or jobs', () => {
    const shared = ['access', 'auth', 'http', 'images', 'mail', 'network-store', 'xlsx']
      .flatMap((d) => files(join(src, d)))
      .concat(join(src, 'errors.ts'));
    const wrong = shared.flatMap((file) =>
      imports(file)
        .filter((target) => /^(services|routers|jobs)\//.test(target))
        .map((target) => `${relative(src, file)} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('a worker starts in a slot: requests through request-work or slot-run, analyses and jobs in theirs', () => {
    // runScriptWorker alone bounds nothing: one account could start a process per request (issue 37).
    const allowed = [
      'workers/request-work.ts',
      'workers/slot-run.ts',
      'jobs/network-analysis-run.ts',
      'services/series/snapshot-measures.ts',
      'connectors/slack/export-sync.ts',
    ];
    const starters = files(src)
      .filter((file) => /\brunScriptWorker\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file))
      .filter((file) => file !== 'workers/script-worker.ts' && file !== 'workers/worker-side.ts');
    expect(starters.sort()).toEqual(allowed.sort());
  });
});

describe('no import circles', () => {
  // Every package's and app's source, type imports included: a circle makes load order matter and
  // hides a type that belongs one layer down (issue 26). madge reads the imports as TypeScript does.
  it('in any package or app', async () => {
    const { default: madge } = await import('madge');
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const roots = ['packages', 'apps'].flatMap((dir) =>
      readdirSync(join(root, dir)).map((name) => join(root, dir, name, 'src')),
    );
    const graph = await madge(
      roots.filter((dir) => {
        try {
          return readdirSync(dir).length > 0;
        } catch {
          return false;
        }
      }),
      { fileExtensions: ['ts', 'tsx'], tsConfig: join(root, 'packages/api/tsconfig.json'), baseDir: root },
    );
    expect(graph.circular()).toEqual([]);
    // Parsing every source file takes ~10 s alone, several times that beside the other test files.
  }, 180_000);
});
