import { build } from 'esbuild';
import { endpointGroups } from '#shared/routes.ts';
import { esbuildOptions, functionEntry, projectRoot } from '#infra/aws/bundling.ts';

/** `npm run build:functions`: the Lambda bundles exactly as CDK builds them, under dist/functions/. */
for (const name of [...endpointGroups, 'storage-events']) {
  const outfile = `${projectRoot}dist/functions/${name}/index.mjs`;
  const { metafile } = await build({ ...esbuildOptions, entryPoints: [functionEntry(name)], outfile, metafile: true, logLevel: 'warning' });
  const bytes = metafile.outputs[Object.keys(metafile.outputs).find((file) => file.endsWith('.mjs'))!]!.bytes;
  console.log(`${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB  ${outfile}`);
}
