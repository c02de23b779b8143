import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Respondents are never tracked (issue 12): the analytics library is the admin app's alone.

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the respondent app', () => {
  it('does not depend on the analytics library', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, object | undefined>;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(deps.filter((d) => d.includes('posthog'))).toEqual([]);
  });

  it('imports nothing of it, nor the admin app’s analytics module', () => {
    const offenders = sources(join(root, 'src')).filter((file) =>
      /from ['"](posthog-js|[^'"]*analytics[^'"]*)['"]|import\(['"]posthog/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
