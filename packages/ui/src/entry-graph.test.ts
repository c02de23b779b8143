/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Module specifiers a file loads at runtime: static imports and re-exports, not `import type`. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    const isRuntime =
      (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && !statement.isTypeOnly);
    const specifier = isRuntime ? statement.moduleSpecifier : undefined;
    return specifier && ts.isStringLiteral(specifier) ? [specifier.text] : [];
  });
}

/** Every package the entry's import graph reaches through our own source files. */
function packagesReachedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const target = SOURCE_EXTENSIONS.map((ext) => base + ext).find(existsSync);
      if (target) queue.push(target);
    }
  }
  return packages;
}

const isLexical = (name: string) => name === 'lexical' || name.startsWith('@lexical/');
const src = (path: string) => resolve(import.meta.dirname, path);

describe('entry points', () => {
  it('the main entry never reaches lexical (it would land in every initial chunk)', () => {
    const reached = [...packagesReachedFrom(src('index.ts'))];
    expect(reached).toContain('radix-ui');
    expect(reached.filter(isLexical)).toEqual([]);
  });

  it('the rich-text entry is where lexical lives', () => {
    expect([...packagesReachedFrom(src('rich-text/index.ts'))].filter(isLexical)).toContain('lexical');
  });

  it('package.json exposes the rich-text entry separately', () => {
    const manifest = JSON.parse(readFileSync(src('../package.json'), 'utf8'));
    expect(manifest.exports['./rich-text']).toBe('./src/rich-text/index.ts');
  });
});
