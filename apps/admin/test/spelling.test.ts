import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The UI and the docs use American spelling, as the spec does. Whole files are read (strings, JSX text
// and comments alike): simpler than parsing, and a comment in the house's spelling costs nothing.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TREES = ['apps/admin/src', 'apps/respondent/src', 'packages/ui/src', 'packages/validation/src'];

/** British forms (word stems), matched whole-word and case-blind. */
const BRITISH = [
  'colours?',
  'coloured',
  'colouring',
  'organis(e|es|ed|ing|ation|ations)',
  'behaviours?',
  'neighbours?',
  'neighbouring',
  'neighbourhoods?',
  'cancelled',
  'cancelling',
  'analys(e|ed|ing)',
  'favours?',
  'favourite',
  'centres?',
  'centred',
  'licences?',
  'modelled',
  'modelling',
  'labelled',
  'labelling',
  'travelled',
  'travelling',
  'greys?',
  'catalogues?',
  'enrolments?',
  'recognis(e|es|ed|ing)',
  'summaris(e|es|ed|ing)',
  'normalis(e|es|ed|ing|ation)',
  'customis(e|es|ed|ing|ation)',
  'visualis(e|es|ed|ing|ation)',
  'optimis(e|es|ed|ing|ation)',
  'prioritis(e|es|ed|ing)',
  'authoris(e|es|ed|ing|ation)',
  'minimis(e|es|ed|ing)',
  'maximis(e|es|ed|ing)',
  'categoris(e|es|ed|ing)',
  'synchronis(e|es|ed|ing|ation)',
  'anonymis(e|es|ed|ing|ation)',
  'pseudonymis(e|es|ed|ing|ation)',
  'sanitis(e|es|ed|ing|ation)',
  'serialis(e|es|ed|ing|ation)',
  'utilis(e|es|ed|ing|ation)',
  'honours?',
  'judgement',
  'programme',
  'defence',
  'whilst',
];
const PATTERN = new RegExp(`\\b(${BRITISH.join('|')})\\b`, 'i');

/** Lines that must keep a British form: another system's wire value, not a word users read. */
const ALLOWED: { file: string; text: RegExp; why: string }[] = [
  {
    file: 'apps/admin/src/features/billing/',
    text: /checkout=(received\|)?cancelled|checkout === 'cancelled'/,
    why: 'the `checkout=cancelled` query value the server gives the payment provider as its cancel address',
  },
];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'generated' && entry.name !== 'node_modules') yield* files(path);
    } else if (/\.(tsx?|css|html|md)$/.test(entry.name)) yield path;
  }
}

/** Every `file:line: word` in these files that spells a word the British way. */
function britishSpellings(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const file = relative(ROOT, path);
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const match = PATTERN.exec(line);
        if (!match) return;
        if (ALLOWED.some((a) => file.startsWith(a.file) && a.text.test(line))) return;
        found.push(`${file}:${i + 1}: ${match[0]}`);
      });
  }
  return found;
}

describe('American spelling', () => {
  it('is used in the apps, the shared UI and messages, and the docs', () => {
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(ROOT, 'docs', name));
    const paths = [...TREES.flatMap((tree) => [...files(join(ROOT, tree))]), ...docs];
    expect(paths.length).toBeGreaterThan(100);
    expect(britishSpellings(paths)).toEqual([]);
  });

  it('catches a British form whole-word only, and not the American one', () => {
    expect(PATTERN.test('for colouring and grouping')).toBe(true);
    expect(PATTERN.test('Neighbours differ')).toBe(true);
    expect(PATTERN.test('checkout was cancelled')).toBe(true);
    expect(PATTERN.test('for coloring and grouping, neighbors, canceled')).toBe(false);
    expect(PATTERN.test('aria-labelledby="title"')).toBe(false);
    expect(PATTERN.test('several analyses of the organization')).toBe(false);
  });
});
