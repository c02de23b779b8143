// Writes docs/openapi.json, the committed copy of what /api/base/openapi.json serves.
// Regenerate after changing a REST bridge: pnpm --filter @tieline/api openapi
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/openapi';

const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
