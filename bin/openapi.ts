import { writeFileSync } from 'node:fs';
import { buildOpenApi } from '#shared/openapi.ts';

/** Regenerates docs/openapi.json from the route manifest (a unit test fails while it is stale). */
const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
