import { execSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';
import { endpointGroups } from '#shared/routes.ts';
import { copyRuntimeFiles, esbuildOptions, functionEntry, previewsRuntimeFiles, projectRoot } from '#infra/aws/bundling.ts';

/** `npm run build:functions`: the Lambda bundles exactly as CDK builds them, under dist/functions/. */
for (const name of [...endpointGroups, 'storage-events', 'previews']) {
  const outfile = `${projectRoot}dist/functions/${name}/index.mjs`;
  const { metafile } = await build({ ...esbuildOptions, entryPoints: [functionEntry(name)], outfile, metafile: true, logLevel: 'warning' });
  const bytes = metafile.outputs[Object.keys(metafile.outputs).find((file) => file.endsWith('.mjs'))!]!.bytes;
  console.log(`${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB  ${outfile}`);
  // The sso Lambda's SAML schema validator runs xmllint-wasm's worker beside the bundle (infra/aws/api-stack.ts does the same).
  // The previews and storage-events Lambdas load sharp, pdfjs-dist and @napi-rs/canvas from node_modules beside them (infra/aws/storage-stack.ts does the same).
  if (name === 'previews' || name === 'storage-events') for (const command of copyRuntimeFiles(previewsRuntimeFiles, projectRoot.replace(/\/$/, ''), `${projectRoot}dist/functions/${name}`)) execSync(command);
  if (name === 'sso') for (const file of ['xmllint-node.js', 'xmllint.wasm']) copyFileSync(`${projectRoot}node_modules/xmllint-wasm/${file}`, `${projectRoot}dist/functions/sso/${file}`);
}
