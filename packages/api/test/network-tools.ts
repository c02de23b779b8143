import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

// Other programs' view of our network files: the official GEXF schemas (validated with libxml2 compiled to
// WebAssembly, no system tool needed) and Python's networkx and igraph, when a Python that has them is
// installed (CI installs Debian's python3-networkx and python3-igraph; elsewhere those tests are skipped
// with the reason).

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Schema errors of an XML document against gexf.xsd of `version` (empty when valid). */
export async function gexfSchemaErrors(xml: string, version: '1.3' | '1.2draft'): Promise<string[]> {
  const dir = join(fixtures, `gexf-${version}`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: [{ fileName: 'export.gexf', contents: xml }],
    schema: [{ fileName: 'gexf.xsd', contents: readFileSync(join(dir, 'gexf.xsd'), 'utf8') }],
    preload: files
      .filter((f) => f !== 'gexf.xsd')
      .map((f) => ({ fileName: f, contents: readFileSync(join(dir, f), 'utf8') })),
    maxMemoryPages: 4096,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** The first Python that imports every module named (Debian's first: its networkx is the one to satisfy). */
export function pythonWith(...modules: string[]): string | null {
  for (const python of ['/usr/bin/python3', 'python3']) {
    const run = spawnSync(python, ['-c', `import ${modules.join(', ')}`], { encoding: 'utf8' });
    if (run.status === 0) return python;
  }
  return null;
}

/** Runs a Python script with `input` on stdin; its stdout parsed as JSON. Throws with stderr on failure. */
export function runPython(python: string, script: string, input: string | Buffer = ''): unknown {
  const run = spawnSync(python, ['-c', script], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout);
}
