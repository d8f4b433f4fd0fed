import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { xmllintWorkerFiles } from '#lib/saml/schema-validator.ts';
import { endpointGroups } from '#shared/routes.ts';

/** The repository root: every Lambda entry is resolved from here. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The Lambdas the files bucket's events (and the minute's schedule) run: upload confirmations, CSV
 * import jobs, drive jobs and previews, each with the time, memory and rights its work needs.
 */
export const backgroundFunctionNames = ['storage-events', 'import-jobs', 'drive-jobs', 'previews'] as const;

/** Every Lambda: one per endpoint group, and the background ones. */
export const functionNames: readonly string[] = [...endpointGroups, ...backgroundFunctionNames];

/** `functions/<name>/handler.ts`, exporting `handler`. */
export const functionEntry = (name: string): string => path.join(projectRoot, 'functions', name, 'handler.ts');

/**
 * nodejs22.x on Graviton. The bundle targets node20 (the Node of the dev machines and tests), which
 * nodejs22.x runs unchanged.
 */
export const lambdaRuntime = Runtime.NODEJS_22_X;
export const lambdaArchitecture = Architecture.ARM_64;

/** ESM output has no `require`; CommonJS dependencies bundled into it still call it. */
export const esmRequireBanner =
  "import { createRequire as __cdCreateRequire } from 'node:module'; const require = __cdCreateRequire(import.meta.url);";

/**
 * The esbuild options of every Lambda bundle (infra/aws/function-bundle.ts adds its plugins), and of
 * the bench's floor bundles, so the two differ only in what they import.
 *
 * Everything is bundled, the AWS SDK v3 included (no externals): the functions then run the exact
 * SDK version the tests ran against instead of whatever the runtime ships that month, esbuild keeps
 * only the clients and commands we import, and a cold start loads one file instead of resolving
 * the runtime's SDK tree.
 */
export const esbuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  charset: 'utf8',
  mainFields: ['module', 'main'],
  banner: { js: esmRequireBanner },
  external: [],
} as const satisfies BuildOptions;

/**
 * The previews function (functions/previews) loads sharp, pdfjs-dist and @napi-rs/canvas at run time
 * with `require` (native binaries cannot be bundled): these paths (from the repository root) are
 * copied beside its bundle into `node_modules/`, as `npm ci` installed them. npm installs only the
 * binaries of the machine it runs on, so the function runs on that machine's architecture
 * (`previewsArchitecture`): Linux x64 or arm64 with glibc, as Lambda's nodejs22.x is.
 */
export const previewsArch = process.arch === 'arm64' ? 'arm64' : 'x64';
export const previewsArchitecture = previewsArch === 'arm64' ? Architecture.ARM_64 : Architecture.X86_64;
export const previewsRuntimeFiles: readonly string[] = [
  'node_modules/sharp',
  'node_modules/@img/colour',
  'node_modules/detect-libc',
  'node_modules/semver',
  `node_modules/@img/sharp-linux-${previewsArch}`,
  `node_modules/@img/sharp-libvips-linux-${previewsArch}`,
  'node_modules/@napi-rs/canvas',
  `node_modules/@napi-rs/canvas-linux-${previewsArch}-gnu`,
  'node_modules/pdfjs-dist/package.json',
  'node_modules/pdfjs-dist/legacy/build/pdf.mjs',
  'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
];

/**
 * What a function loads at run time from beside its bundle, copied there by every build of it (CDK's
 * and `npm run build:functions`): `files` into the bundle's folder, `trees` keeping their place.
 */
export const besideBundle: Readonly<Record<string, { files?: readonly string[]; trees?: readonly string[] }>> = {
  // xmllint-wasm's worker and WebAssembly, which the SAML schema validator loads at run time.
  sso: { files: xmllintWorkerFiles.map((file) => `node_modules/xmllint-wasm/${file}`) },
  // The scanner checks load sharp and pdfjs-dist as the previews function does.
  'storage-events': { trees: previewsRuntimeFiles },
  previews: { trees: previewsRuntimeFiles },
};
