import { describe, expect, it } from 'vitest';

// Every source file as text, keyed like '../src/features/auth/login-page.tsx'.
const sources = import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

/** Relative import targets of a file (static, re-exports and dynamic import()), resolved to 'src/...' paths. */
function relativeImports(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1] ?? '');
  const dir = file.split('/').slice(0, -1);
  return specifiers.map((spec) => {
    const parts = [...dir];
    for (const segment of spec.split('/')) {
      if (segment === '..') parts.pop();
      else if (segment !== '.') parts.push(segment);
    }
    return parts.join('/').replace(/^(\.\.\/)*/, '');
  });
}

/** 'routes', 'components', 'lib', 'features/<name>' or '' (the bootstrap files at src/). */
function layerOf(path: string): string {
  const [, top, feature] = path.split('/');
  if (top === 'features') return `features/${feature}`;
  return path.split('/').length > 2 ? (top ?? '') : '';
}

/** Which layers a layer may import (architecture.md "The house": arrows point one way). */
function allowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (from === 'lib') return false;
  if (from === 'components') return to === 'lib';
  if (from.startsWith('features/')) return to === 'lib' || to === 'components';
  return true;
}

const edges = Object.entries(sources).flatMap(([file, text]) => {
  const from = file.replace(/^\.\.\//, '');
  return relativeImports(file, text).map((to) => ({ from, to, fromLayer: layerOf(from), toLayer: layerOf(to) }));
});

describe('admin import boundaries', () => {
  it('reads the source tree', () => {
    expect(edges.length).toBeGreaterThan(20);
    expect(edges.some((e) => e.fromLayer === 'features/auth' && e.toLayer === 'lib')).toBe(true);
  });

  it('a feature never imports a sibling feature; lib and components never import features or routes', () => {
    const wrong = edges.filter((e) => !allowed(e.fromLayer, e.toLayer)).map((e) => `${e.from} -> ${e.to}`);
    expect(wrong).toEqual([]);
  });
});
