// Builds @tieline/client for use outside the monorepo (pnpm --filter @tieline/client build): dist/ holds
// index.js (ESM, @trpc/client bundled in: the package has no dependencies, so `npm install` of its
// tarball needs no registry), index.d.ts (every procedure's input and output written out as plain
// types, so no server source, tRPC or zod is in its type surface; the rest is src/index.ts's own
// declarations as the compiler writes them) and package.json. `npm pack dist` makes the tarball;
// packages/api/test/client-package.test.ts installs and type-checks it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRouter } from '@tieline/api';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
// esbuild as the server package has it (the same version bundles the server).
const fromApi = createRequire(join(root, 'node_modules', '@tieline', 'api', 'package.json'));
const { build } = fromApi('esbuild') as { build: (options: Record<string, unknown>) => Promise<unknown> };

/** What the generated procedures declare beside src/index.ts's exports. */
const CALL_OPTIONS = `/** Per call: an AbortSignal to cancel it. */
export interface TielineCallOptions {
  signal?: AbortSignal;
}
`;

type Kind = 'query' | 'mutation';
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, p]) => p._def.type === 'query' || p._def.type === 'mutation')
  .map(([path, p]) => ({ path, kind: p._def.type as Kind }))
  .sort((a, b) => a.path.localeCompare(b.path));

/** Each procedure's input and output type as text, resolved by the compiler from the router type. */
function procedureTypes(): {
  types: { input: string; output: string }[];
  alias: (name: string) => string;
  index: string;
} {
  const shape = join(root, 'src', '.procedure-types.ts');
  const index = (path: string) =>
    path
      .split('.')
      .map((k) => `[${JSON.stringify(k)}]`)
      .join('');
  writeFileSync(
    shape,
    [
      "import type { AppRouter } from '@tieline/api/client';",
      "import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';",
      'type I = inferRouterInputs<AppRouter>;',
      'type O = inferRouterOutputs<AppRouter>;',
      ...procedures.flatMap((p, i) => [
        `export type I${i} = I${index(p.path)};`,
        `export type O${i} = O${index(p.path)};`,
      ]),
    ].join('\n'),
  );
  try {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(String(d.messageText));
        },
      },
    )!;
    const entry = join(root, 'src', 'index.ts');
    const program = ts.createProgram([shape, entry], {
      ...config.options,
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
    });
    const checker = program.getTypeChecker();
    const aliases = new Map<string, ts.TypeAliasDeclaration>();
    program.getSourceFile(shape)!.forEachChild((n) => {
      if (ts.isTypeAliasDeclaration(n)) aliases.set(n.name.text, n);
    });
    const flags =
      ts.TypeFormatFlags.NoTruncation |
      ts.TypeFormatFlags.InTypeAlias |
      ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
    const text = (name: string) => {
      const type = checker.getTypeAtLocation(aliases.get(name)!.name);
      // tRPC writes a JSON-serialized record as its own alias: the plain record it is.
      const out = checker
        .typeToString(type, undefined, flags)
        .replace(/SerializeRecord<Record<string, unknown>, string>/g, 'Record<string, unknown>');
      if (/\bimport\(|\bZod|\bany\b/.test(out))
        throw new Error(`${name}: a type that is not plain: ${out.slice(0, 200)}`);
      return out;
    };
    const types = procedures.map((_, i) => ({ input: text(`I${i}`), output: text(`O${i}`) }));
    // A named type the printed types refer to (TAttributeValue): its declaration in the program, expanded.
    const alias = (name: string) => {
      for (const file of program.getSourceFiles()) {
        let found: ts.TypeAliasDeclaration | undefined;
        file.forEachChild((n) => {
          if (!found && ts.isTypeAliasDeclaration(n) && n.name.text === name && !n.typeParameters) found = n;
        });
        if (found) return checker.typeToString(checker.getTypeAtLocation(found.name), undefined, flags);
      }
      throw new Error(`no type alias ${name} to write out`);
    };
    // src/index.ts's own declarations, as the compiler writes them.
    let index = '';
    program.emit(program.getSourceFile(entry), (_file, text) => (index = text), undefined, true);
    return { types, alias, index };
  } finally {
    rmSync(shape, { force: true });
  }
}

/**
 * src/index.ts's declarations made to stand alone: its imports and the exports that only name the
 * server's types go; a network summary is the generated type, and the tRPC client is TielineProcedures.
 */
function standalone(index: string, networkSummary: string): string {
  const out = index
    .split('\n')
    .filter((line) => !/^import |^export type \{ AppRouter \}|^export type TielineOutputs /.test(line))
    .join('\n')
    .replace("TielineOutputs['networks']['get']", networkSummary)
    .replace('TRPCClient<AppRouter>', 'TielineProcedures');
  if (/TielineOutputs\[|TRPCClient<|\bfrom '/.test(out)) throw new Error(`src/index.ts names a server type: ${out}`);
  return out;
}

/** `interface TielineProcedures`: the tRPC proxy's shape, nested by path. */
function proceduresDeclaration(types: { input: string; output: string }[]): string {
  type Node = { children: Map<string, Node>; call?: string };
  const tree: Node = { children: new Map() };
  procedures.forEach((p, i) => {
    let node = tree;
    for (const key of p.path.split('.')) {
      if (!node.children.has(key)) node.children.set(key, { children: new Map() });
      node = node.children.get(key)!;
    }
    const { input, output } = types[i]!;
    const optional = /^(void|undefined|void \| undefined|undefined \| void)$/.test(input);
    const method = p.kind === 'query' ? 'query' : 'mutate';
    node.call = `${method}(input${optional ? '?' : ''}: ${input}, options?: TielineCallOptions): Promise<${output}>;`;
  });
  const write = (node: Node, depth: number): string => {
    const pad = '  '.repeat(depth);
    const lines = [...node.children].map(([key, child]) => {
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      const body = child.call ? `{ ${child.call} }` : `{\n${write(child, depth + 1)}\n${pad}}`;
      return `${pad}${name}: ${body};`;
    });
    return lines.join('\n');
  };
  return `export interface TielineProcedures {\n${write(tree, 1)}\n}`;
}

const { types, alias, index } = procedureTypes();
const networkGet = procedures.findIndex((p) => p.path === 'networks.get');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const written = new Map<string, string>();
for (let round = 0; ; round++) {
  writeFileSync(
    join(dist, 'index.d.ts'),
    [
      '// Generated by scripts/build.ts from the server router: every procedure with its input and output.',
      standalone(index, types[networkGet]!.output),
      CALL_OPTIONS,
      proceduresDeclaration(types),
      ...[...written].map(([name, text]) => `export type ${name} = ${text};`),
      '',
    ].join('\n'),
  );
  // The declarations stand alone: checked as a script outside the workspace would see them.
  const check = ts.createProgram([join(dist, 'index.d.ts')], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const problems = ts.getPreEmitDiagnostics(check);
  if (problems.length === 0) break;
  const missing = problems.filter((d) => d.code === 2304).map((d) => /'(\w+)'/.exec(String(d.messageText))?.[1]);
  if (round > 5 || missing.length !== problems.length) {
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    throw new Error(ts.formatDiagnostics(problems.slice(0, 10), host));
  }
  for (const name of missing) if (name && !written.has(name)) written.set(name, alias(name));
}
await build({
  entryPoints: [join(root, 'src', 'index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  legalComments: 'inline',
});
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(dist, 'package.json'),
  `${JSON.stringify(
    {
      name: own.name,
      version: own.version === '0.0.0' ? '0.1.0' : own.version,
      description: 'A typed client for the Tieline API (tRPC procedures and REST downloads and uploads)',
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
      types: './index.d.ts',
      sideEffects: false,
      license: 'UNLICENSED',
    },
    null,
    2,
  )}\n`,
);
writeFileSync(join(dist, 'README.md'), readFileSync(join(root, 'README.md'), 'utf8'));
console.log(`dist/: ${procedures.length} procedures typed`);
