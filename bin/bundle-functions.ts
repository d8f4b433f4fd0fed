import { writeFile } from 'node:fs/promises';
import { endpointGroups } from '#shared/routes.ts';
import { projectRoot } from '#infra/aws/bundling.ts';
import { bundleFunctionInto } from '#infra/aws/function-bundle.ts';

/** `npm run build:functions`: the Lambda bundles exactly as CDK builds them, under dist/functions/. */
for (const name of [...endpointGroups, 'storage-events', 'previews']) {
  const outputDir = `${projectRoot}dist/functions/${name}`;
  const { metafile } = await bundleFunctionInto(name, outputDir);
  const bytes = Object.values(metafile.outputs).find((output) => output.entryPoint)!.bytes;
  console.log(`${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB  ${outputDir}/index.mjs`);
}
// In Lambda no package.json lies above the bundle, so the CommonJS `.js` files beside it (xmllint-wasm's
// worker) load as CommonJS; here the repository's `"type": "module"` would apply to them instead.
await writeFile(`${projectRoot}dist/functions/package.json`, '{ "type": "commonjs" }\n');
