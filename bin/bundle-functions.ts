import path from 'node:path';
import { projectRoot } from '#infra/aws/bundling.ts';
import { bundleFunctionsInto, coldStartOutputs } from '#infra/aws/function-bundle.ts';

/**
 * `npm run build:functions`: every Lambda bundle exactly as CDK ships it, under dist/functions/ (or
 * the folder given: CDK's bundling of AppFunction builds them all at once into one of its own).
 */
const dir = path.resolve(process.argv[2] ?? path.join(projectRoot, 'dist/functions'));
const started = Date.now();
for (const [name, { metafile }] of await bundleFunctionsInto(dir)) {
  // What a cold start parses: the entry and its static chunks (the `import()` ones load on first use).
  const bytes = coldStartOutputs(metafile).reduce((sum, output) => sum + output.bytes, 0);
  const lazy = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs')).reduce((sum, [, output]) => sum + output.bytes, 0) - bytes;
  console.log(`${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB at cold start, ${(lazy / 1024).toFixed(1)} KiB on first use  ${path.join(dir, name, 'index.mjs')}`);
}
console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
