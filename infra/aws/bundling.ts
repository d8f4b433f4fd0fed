import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { xmllintWorkerFiles } from '#lib/saml/schema-validator.ts';
import { localeFileName } from '#functions/auth/translate.ts';
import { languages } from '#shared/messages.ts';
import { endpointGroups } from '#shared/routes.ts';

/** The repository root: every Lambda entry is resolved from here. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The Lambdas the files bucket's events (and the minute's schedule) run: upload confirmations, CSV
 * import jobs, drive jobs, previews and the bookkeeping fields read from documents; and the one the
 * intake bucket's run, received mail into files. Each with the time, memory and rights its work needs.
 */
export const backgroundFunctionNames = ['storage-events', 'import-jobs', 'drive-jobs', 'previews', 'extraction', 'intake'] as const;

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
 * The extraction function (functions/extraction) OCRs with tesseract.js (functions/domain/extraction/ocr.ts),
 * loaded with `require` as sharp is: its worker threads run a script file of its own, which cannot be
 * bundled, and load the core WebAssembly from node_modules beside it. Only what Node loads is copied:
 * not tesseract.js's browser dependencies (zlibjs, idb-keyval), nor node-fetch, loaded only without
 * a global `fetch` (Node has had one since 18). Of the core, the node worker reads a build's `.js`
 * and its `.wasm` (the `.wasm.js` twins embed the same bytes for browsers): `relaxedsimd` where
 * WebAssembly relaxed SIMD is on (Node 22, Lambda's nodejs22.x), `simd` elsewhere (Node 20), never
 * the builds for runtimes without SIMD. tesseract.js 7's node worker always picks the full build,
 * never the `-lstm` ones (its getCore compares the `lstmOnly` flag with OEM numbers), so these are
 * not copied: a version that starts loading them fails tests/infra/extraction-bundle.test.ts.
 */
const tesseractCores = ['tesseract-core-simd', 'tesseract-core-relaxedsimd'];
export const tesseractRuntimeFiles: readonly string[] = [
  'node_modules/tesseract.js/package.json',
  'node_modules/tesseract.js/LICENSE.md',
  'node_modules/tesseract.js/src',
  'node_modules/tesseract.js-core/package.json',
  'node_modules/tesseract.js-core/LICENSE',
  ...tesseractCores.flatMap((core) => [`node_modules/tesseract.js-core/${core}.js`, `node_modules/tesseract.js-core/${core}.wasm`]),
  'node_modules/bmp-js/package.json',
  'node_modules/bmp-js/LICENSE',
  'node_modules/bmp-js/index.js',
  'node_modules/bmp-js/lib',
  'node_modules/is-url',
  'node_modules/regenerator-runtime',
  'node_modules/wasm-feature-detect/package.json',
  'node_modules/wasm-feature-detect/LICENSE',
  'node_modules/wasm-feature-detect/dist/cjs',
];

/**
 * The trained data OCR reads (Japanese, English, and orientation and script detection), from the
 * `@tesseract.js-data` packages (4.0.0_best_int), into the one `tessdata/` folder ocr.ts gives
 * tesseract.js as its `langPath`: nothing is fetched from tesseract.js's CDN.
 */
export const tessdataFiles: readonly { from: string; to: string }[] = ['jpn', 'eng', 'osd'].map((lang) => ({
  from: `node_modules/@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`,
  to: `tessdata/${lang}.traineddata.gz`,
}));

/**
 * What a function loads at run time from beside its bundle, copied there by every build of it (CDK's
 * and `npm run build:functions`): `files` into the bundle's folder, `trees` keeping their place,
 * `copies` each to its own place (`from` the repository root, `to` under the bundle's folder), and
 * `generated`: files made at build time, by path under the bundle's folder.
 */
export interface BesideBundle {
  readonly files?: readonly string[];
  readonly trees?: readonly string[];
  readonly copies?: readonly { from: string; to: string }[];
  readonly generated?: () => Promise<Readonly<Record<string, string>>>;
}

/**
 * The SPA's locale files, as its build emits them (web/build/locales.ts), where com/translate reads
 * them (functions/auth/translate.ts). Made from the sources rather than copied from web/dist, which a
 * functions build may precede or outlive. Vite is loaded only when a bundle is built.
 */
export const authLocaleFiles = async (): Promise<Record<string, string>> => {
  const { localeFilesFromSources } = await import('../../web/build/locales.ts');
  const files = await localeFilesFromSources();
  return Object.fromEntries(languages.map((language) => [localeFileName(language), files[language]]));
};

export const besideBundle: Readonly<Record<string, BesideBundle>> = {
  // The SPA's strings for com/translate, read on its first call.
  auth: { generated: authLocaleFiles },
  // xmllint-wasm's worker and WebAssembly, which the SAML schema validator loads at run time.
  sso: { files: xmllintWorkerFiles.map((file) => `node_modules/xmllint-wasm/${file}`) },
  // The scanner checks load sharp and pdfjs-dist as the previews function does.
  'storage-events': { trees: previewsRuntimeFiles },
  previews: { trees: previewsRuntimeFiles },
  // PDFs' text layers and pages with pdfjs-dist and @napi-rs/canvas, images with sharp, OCR with tesseract.js.
  extraction: { trees: [...previewsRuntimeFiles, ...tesseractRuntimeFiles], copies: tessdataFiles },
};
