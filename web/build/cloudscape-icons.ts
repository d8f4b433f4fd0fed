import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Cloudscape's Icon reads every icon from one generated module (143 SVGs as React elements, ~8.5 KiB
 * gzip), which every page loads with the first button. This plugin keeps the icons some source can
 * name: a string literal equal to an icon's name in Cloudscape's own components (all of them, not
 * only those bundled) or in web/src. The app names icons only as literals (`iconName="upload"`,
 * `iconName: 'globe'`); an icon named any other way (computed at run time) would render empty, so
 * keep it that way. The package stays untouched on disk; the dev server serves the full set.
 *
 * The rewrite checks the module's known shape (`const icons = {` ... `};` with one entry per
 * 4-space-indented key): when a Cloudscape update changes it, the build warns and keeps every icon.
 */
const ICONS_MODULE = /[\\/]@cloudscape-design[\\/]components[\\/]icon[\\/]generated[\\/]icons\.js$/;
const ENTRY = /^ {4}"([a-z0-9-]+)": /;

function sourceFiles(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-utils' && !entry.name.startsWith('__')) sourceFiles(path, pattern, out);
    } else if (pattern.test(entry.name) && !ICONS_MODULE.test(path)) out.push(path);
  }
  return out;
}

/** Names among `known` that appear as a whole string literal in Cloudscape's components or the app. */
function namedIcons(known: Set<string>, appSource: string): Set<string> {
  const components = dirname(createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'));
  const files = [...sourceFiles(components, /\.js$/), ...sourceFiles(appSource, /\.tsx?$/)];
  const used = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`]([a-z0-9-]+)['"`]/g)) {
      if (known.has(match[1]!)) used.add(match[1]!);
    }
  }
  return used;
}

/** Keeps the entries of `const icons = { ... };` whose key `keep` answers true; undefined if the shape is unknown. */
export function trimIcons(code: string, keep: (name: string) => boolean): { code: string; kept: number; total: number } | undefined {
  const lines = code.split('\n');
  const start = lines.indexOf('const icons = {');
  const end = lines.indexOf('};', start);
  if (start < 0 || end < 0) return undefined;
  const entries: { name: string; lines: string[] }[] = [];
  for (const line of lines.slice(start + 1, end)) {
    const key = ENTRY.exec(line);
    if (key) entries.push({ name: key[1]!, lines: [line] });
    else if (entries.length > 0 && line.startsWith('        ')) entries.at(-1)!.lines.push(line);
    else return undefined;
  }
  if (entries.length === 0) return undefined;
  const kept = entries.filter((entry) => keep(entry.name));
  // Every entry but the last ends with a comma; the kept ones are re-joined the same way.
  const body = kept.map((entry, index) => {
    const text = entry.lines.join('\n').replace(/,$/, '');
    return index < kept.length - 1 ? `${text},` : text;
  });
  return { code: [...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join('\n'), kept: kept.length, total: entries.length };
}

export function cloudscapeIconsInUse(appSource: string): Plugin {
  return {
    name: 'cloudscape-icons-in-use',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!ICONS_MODULE.test(id.split('?')[0]!)) return null;
      const known = new Set(code.split('\n').flatMap((line) => ENTRY.exec(line)?.[1] ?? []));
      const used = namedIcons(known, appSource);
      const trimmed = trimIcons(code, (name) => used.has(name));
      if (!trimmed) {
        this.warn('@cloudscape-design/components/icon/generated/icons.js changed: every icon is kept (see web/build/cloudscape-icons.ts)');
        return null;
      }
      return { code: trimmed.code, map: null };
    },
  };
}
