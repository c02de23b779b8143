#!/usr/bin/env node
// Writes NAME.br (brotli, quality 11) and NAME.gz (gzip -9) beside every compressible file of a built app,
// so the API server sends them pre-compressed (packages/api/src/http/static.ts). A variant that would not
// be smaller than the file is not written. Usage: node scripts/compress-dist.mjs DIR...
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;
const variants = [
  ['.br', promisify(brotliCompress), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }],
  ['.gz', promisify(gzip), { level: 9 }],
];

const dirs = process.argv.slice(2);
if (!dirs.length) throw new Error('usage: compress-dist.mjs DIR...');
for (const dir of dirs) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && compressible.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  let raw = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      raw += data.length;
      for (const [ext, compress, options] of variants) {
        const out = await compress(data, options);
        if (out.length >= data.length) continue;
        if (ext === '.br') br += out.length;
        await writeFile(file + ext, out);
      }
    }),
  );
  console.log(
    `compress-dist: ${dir}: ${files.length} files, ${(raw / 1024).toFixed(1)} kB -> ${(br / 1024).toFixed(1)} kB brotli`,
  );
}
