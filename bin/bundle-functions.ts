import path from 'node:path';
import { projectRoot } from '#infra/aws/bundling.ts';
import { bundleFunctionsInto } from '#infra/aws/function-bundle.ts';

/**
 * `npm run build:functions`: every Lambda bundle exactly as CDK ships it, under dist/functions/ (or
 * the folder given: CDK's bundling of AppFunction builds them all at once into one of its own).
 */
const dir = path.resolve(process.argv[2] ?? path.join(projectRoot, 'dist/functions'));
const started = Date.now();
for (const [name, { metafile, lazyBytes }] of await bundleFunctionsInto(dir)) {
  const bytes = Object.values(metafile.outputs).find((output) => output.entryPoint)!.bytes;
  const lazy = Object.values(lazyBytes).reduce((sum, size) => sum + size, 0);
  console.log(`${name.padEnd(16)} ${(bytes / 1024).toFixed(1).padStart(7)} KiB${lazy ? ` (+${(lazy / 1024).toFixed(1)} KiB on first use)` : ''}  ${path.join(dir, name, 'index.mjs')}`);
}
console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
