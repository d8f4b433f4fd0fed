import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { build, type BuildResult, type Metafile, type Plugin } from 'esbuild';
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
  /** The lazy files beside it (loaded by `import()` on first use), with their sizes in bytes. */
  lazyBytes: Record<string, number>;
}

/**
 * A function's own `import()`s (samlify with its XML libraries, the password dictionaries, fflate,
 * Powertools' idempotency): each literal target is bundled as a file of its own beside index.mjs
 * (`lazy-<name>-<hash>.mjs`), parsed only on the first call that needs it, where one file would make
 * every cold start parse it. The AWS SDK's own dynamic imports (its credential providers) stay in the
 * one file, lazily evaluated, as in the floor bundles the bench compares with. A lazy file is a
 * bundle of its own: modules it shares with the entry are copies there, so a target is a facade that
 * holds what it needs (one module per library, never two halves of one library's classes).
 */
const lazyFiles = (found: Map<string, string>): Plugin => ({
  name: 'lazy-files',
  setup(plugin) {
    plugin.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.importer.includes('/node_modules/')) return undefined;
      const resolved = await plugin.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer });
      if (resolved.errors.length > 0 || resolved.external) return undefined;
      const relative = path.relative(projectRoot, resolved.path);
      const name = path.basename(relative).replace(/\.[cm]?[jt]s$/, '').replace(/[^\w-]/g, '-');
      const file = found.get(resolved.path) ?? `lazy-${name}-${createHash('sha256').update(relative).digest('hex').slice(0, 8)}.mjs`;
      found.set(resolved.path, file);
      return { path: `./${file}`, external: true };
    });
  },
});

/** The entry and every lazy file it reaches, built with the same options into outfile's folder. */
async function buildWithLazyFiles(entry: string, outfile: string, texts: typeof catalogue, write: boolean): Promise<{ main: BuildResult; lazy: Map<string, BuildResult> }> {
  const found = new Map<string, string>();
  const one = (entryPoint: string, file: string) => build({
    ...esbuildOptions, entryPoints: [entryPoint], outfile: file, logLevel: 'silent',
    ...(write ? { metafile: true } : { write: false, sourcemap: false }),
    plugins: [pureDeclarations, prunedCatalogue(texts), lazyFiles(found)],
  });
  const main = await one(entry, outfile);
  const lazy = new Map<string, BuildResult>();
  for (let pending = [...found]; pending.length > 0; pending = [...found].filter(([, file]) => !lazy.has(file))) {
    for (const [source, file] of pending) lazy.set(file, await one(source, path.join(path.dirname(outfile), file)));
  }
  return { main, lazy };
}

/**
 * Bundles functions/<name>/handler.ts (or another `entry`: the bench's one-route bundles) into
 * `outfile` (index.mjs and its source map), with its lazy files beside it. A first build with an
 * empty catalogue shows which keys the bundle names; the second carries just those.
 */
export async function bundleFunction(name: string, outfile: string, entry = functionEntry(name)): Promise<FunctionBundle> {
  const empty = { en: {}, ja: {} } as typeof catalogue;
  const probe = await buildWithLazyFiles(entry, outfile, empty, false);
  const code = [probe.main, ...probe.lazy.values()].flatMap((result) => result.outputFiles ?? []).map((file) => file.text).join('\n');
  const messageKeys = messageKeysIn(code);
  const { main, lazy } = await buildWithLazyFiles(entry, outfile, pruneCatalogue(messageKeys), true);
  const lazyBytes = Object.fromEntries([...lazy].map(([file, result]) => [file, Object.values(result.metafile!.outputs).find((output) => output.entryPoint)!.bytes]));
  return { metafile: main.metafile!, messageKeys, lazyBytes };
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
