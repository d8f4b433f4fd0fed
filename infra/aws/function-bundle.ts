import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import ts from 'typescript';
import { catalogue, type Catalogue, type MessageKey } from '#shared/messages.ts';
import { besideBundle, esbuildOptions, functionEntry, functionNames, projectRoot } from './bundling.ts';

/**
 * One Lambda bundle, built the same way for CDK (infra/aws/app-function.ts runs
 * bin/bundle-functions.ts), the bench and the bundle tests: esbuild with `esbuildOptions` and two
 * plugins that drop what a function's calls never use (docs/architecture.md "Lambda bundles"):
 *
 * - `pureDeclarations`: our modules' top-level constants are declarations (zod schemas, route tables,
 *   key builders), so an unused one is dropped with its initializer, which esbuild cannot know is free
 *   of side effects (`z.object(...)` is a call). A module used for one schema no longer brings all of them.
 * - `prunedCatalogue`: the message catalogue keeps the entries the bundle's code can send: a key
 *   written as a string (`'notice.loggedOut'`), every key of a section whose keys are built
 *   (`` `accessLog.${action}` ``), and a result code's text where its code name is written
 *   (`new DomainError('loginWrongData')`). The names are read off a first build of the same bundle, so
 *   code esbuild drops names nothing. (No bundle translates a stored key: a failed drive job's message
 *   is written, in its starter's language, by the code that failed it.)
 */

/** Where our own modules live; node_modules keep their own side-effect rules. */
const OWN_MODULES = /\/(functions|shared)\/.*\.ts$/;
const CATALOGUE_MODULE = /\/shared\/message-catalogue\.ts$/;

type Section = keyof Catalogue;

/** Initializers that are already free to drop, or that must keep their own evaluation (names, `await`). */
function keepsAsIs(node: ts.Expression): boolean {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return keepsAsIs(node.expression);
  return ts.isLiteralExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)
    || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)
    || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword
    || (ts.isArrayLiteralExpression(node) && node.elements.every((element) => !ts.isSpreadElement(element) && keepsAsIs(element)));
}

function containsAwait(node: ts.Node): boolean {
  if (ts.isAwaitExpression(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return ts.forEachChild(node, containsAwait) ?? false;
}

/**
 * The module's text with each top-level `const` initializer wrapped as `/* @__PURE__ *\/ (() => (init))()`:
 * evaluated exactly as before where the constant is used, dropped where it is not.
 */
export function markDeclarationsPure(fileName: string, text: string): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; initializer: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const initializer = declaration.initializer;
      if (!initializer || keepsAsIs(initializer) || containsAwait(initializer)) continue;
      edits.push({ start: initializer.getStart(source), end: initializer.end, initializer: initializer.getText(source) });
    }
  }
  let result = text;
  for (const edit of edits.reverse()) {
    result = `${result.slice(0, edit.start)}/* @__PURE__ */ (() => (${edit.initializer}))()${result.slice(edit.end)}`;
  }
  return result;
}

/** Modules as the plugin serves them, by path: every bundle of a build run loads mostly the same ones. */
const pureModules = new Map<string, Promise<string>>();

const pureDeclarations: Plugin = {
  name: 'pure-declarations',
  setup(plugin) {
    plugin.onLoad({ filter: OWN_MODULES }, async ({ path: file }) => {
      if (CATALOGUE_MODULE.test(file)) return undefined;
      let contents = pureModules.get(file);
      if (!contents) pureModules.set(file, contents = readFile(file, 'utf8').then((text) => markDeclarationsPure(file, text)));
      return { contents: await contents, loader: 'ts' };
    });
  },
};

const prunedCatalogue = (texts: typeof catalogue): Plugin => ({
  name: 'pruned-catalogue',
  setup(plugin) {
    plugin.onLoad({ filter: CATALOGUE_MODULE }, () => ({ contents: `export const catalogue = ${JSON.stringify(texts)};`, loader: 'js' }));
  },
});

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The catalogue keys a bundle's code can send, read off its JavaScript: every key written as a string
 * (any quote); every key of a section whose keys are built from a prefix (`` `section.${x}` `` or
 * `'section.' + x`); and a result code's text where its code name is written as a string (every
 * bundle builds `code.${codeName}` in its envelope, so that prefix alone says nothing).
 */
export function messageKeysIn(code: string): Set<MessageKey> {
  const quoted = (text: string) => new RegExp(`[\`'"]${escapeRegExp(text)}[\`'"]`).test(code);
  const keys = new Set<MessageKey>();
  for (const section of Object.keys(catalogue.en) as Section[]) {
    const built = section !== 'code' && new RegExp(`[\`'"]${escapeRegExp(section)}\\.(\\$\\{|[\`'"]\\s*\\+)`).test(code);
    for (const name of Object.keys(catalogue.en[section])) {
      const key = `${section}.${name}` as MessageKey;
      if (built || quoted(key) || (section === 'code' && quoted(name))) keys.add(key);
    }
  }
  return keys;
}

/** The catalogue with only the given keys, in every language. */
export function pruneCatalogue(keys: ReadonlySet<MessageKey>): typeof catalogue {
  const pick = (texts: Catalogue) => Object.fromEntries(
    Object.entries(texts).map(([section, entries]) => [section, Object.fromEntries(Object.entries(entries).filter(([name]) => keys.has(`${section}.${name}` as MessageKey)))]),
  ) as Catalogue;
  return { en: pick(catalogue.en), ja: pick(catalogue.ja) };
}

export interface FunctionBundle {
  /** esbuild's metafile of the written bundle. */
  metafile: Metafile;
  /** The catalogue keys the bundle carries. */
  messageKeys: Set<MessageKey>;
}

/**
 * esbuild's options for one entry written as `outfile` (index.mjs), split: what a function loads
 * with `import()` on first use (samlify and its XML libraries, the password dictionaries, fflate, the
 * SDK's credential providers) is a chunk file beside it, parsed only when first called, instead of
 * inlined into the file every cold start parses. Chunks sit beside the entry, not in a folder, so
 * `import.meta.url`-relative files (the xmllint worker) resolve the same from either.
 */
export const splitBundleOptions = (entry: string, outfile: string) => ({
  ...esbuildOptions, entryPoints: { [path.basename(outfile, '.mjs')]: entry }, outdir: path.dirname(outfile), splitting: true,
  outExtension: { '.js': '.mjs' }, chunkNames: 'chunk-[hash]',
}) satisfies BuildOptions;

type Output = Metafile['outputs'][string];
/** What a cold start loads: the entry's output and the chunks it imports statically, transitively (not the `import()` ones). */
export function coldStartOutputs(metafile: Metafile): Output[] {
  // Each `import()` target is an entry of its own in the metafile: the function's is the one not named chunk-*.
  const [entryPath] = Object.entries(metafile.outputs).find(([file, output]) => output.entryPoint && file.endsWith('.mjs') && !/(^|\/)chunk-\w+\.mjs$/.test(file)) ?? [];
  const seen = new Set<string>();
  const visit = (outputPath: string) => {
    if (seen.has(outputPath) || !metafile.outputs[outputPath]) return;
    seen.add(outputPath);
    for (const imported of metafile.outputs[outputPath].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  if (entryPath) visit(entryPath);
  return [...seen].map((outputPath) => metafile.outputs[outputPath]!);
}

/**
 * Bundles functions/<name>/handler.ts (or another `entry`: the bench's one-route bundles) into
 * `outfile` (index.mjs and its source map). A first build with an empty catalogue shows which keys
 * the bundle names; the second carries just those.
 */
export async function bundleFunction(name: string, outfile: string, entry = functionEntry(name)): Promise<FunctionBundle> {
  const options = { ...splitBundleOptions(entry, outfile), logLevel: 'silent' as const };
  const empty = { en: {}, ja: {} } as typeof catalogue;
  const probe = await build({ ...options, write: false, sourcemap: false, plugins: [pureDeclarations, prunedCatalogue(empty)] });
  const code = probe.outputFiles.map((file) => file.text).join('\n');
  const messageKeys = messageKeysIn(code);
  const { metafile } = await build({ ...options, metafile: true, plugins: [pureDeclarations, prunedCatalogue(pruneCatalogue(messageKeys))] });
  return { metafile, messageKeys };
}

/** Bundles a function into `outputDir` as it is shipped: index.mjs, and what it loads at run time beside it (besideBundle). */
export async function bundleFunctionInto(name: string, outputDir: string): Promise<FunctionBundle> {
  const bundle = await bundleFunction(name, path.join(outputDir, 'index.mjs'));
  const beside = besideBundle[name] ?? {};
  for (const file of beside.files ?? []) await cp(path.join(projectRoot, file), path.join(outputDir, path.basename(file)));
  const copies = [...(beside.trees ?? []).map((tree) => ({ from: tree, to: tree })), ...(beside.copies ?? [])];
  for (const { from, to } of copies) {
    await mkdir(path.dirname(path.join(outputDir, to)), { recursive: true });
    await cp(path.join(projectRoot, from), path.join(outputDir, to), { recursive: true });
  }
  for (const [to, contents] of Object.entries(await beside.generated?.() ?? {})) {
    await mkdir(path.dirname(path.join(outputDir, to)), { recursive: true });
    await writeFile(path.join(outputDir, to), contents);
  }
  return bundle;
}

/**
 * Every function's bundle, side by side, into `<dir>/<name>/`. In Lambda no package.json lies above
 * a bundle, so the CommonJS `.js` files beside one (xmllint-wasm's worker) load as CommonJS; under the
 * repository's `"type": "module"` they would not, hence the package.json written above them here.
 */
export async function bundleFunctionsInto(dir: string, names: readonly string[] = functionNames): Promise<Map<string, FunctionBundle>> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  const built = await Promise.all(names.map(async (name) => [name, await bundleFunctionInto(name, path.join(dir, name))] as const));
  return new Map(built);
}
