import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the code, checked on the import graph itself (ESLint checks each import on its own;
 * a cycle needs the whole graph): no import cycle anywhere in functions/, shared/ or infra/, and
 * runtime code (functions/, shared/) never reaches infra/.
 */
const root = normalize(join(dirname(new URL(import.meta.url).pathname), '../..'));
const aliases: Record<string, string> = {
  '#shared/': 'shared/', '#lib/': 'functions/lib/', '#data/': 'functions/data/', '#domain/': 'functions/domain/',
  '#functions/': 'functions/', '#infra/': 'infra/',
};

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Runtime imports only: `import type` and `export type` vanish from the bundle and cannot cycle at run time. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    if (alias) return [normalize(aliases[alias]! + specifier.slice(alias.length))];
    if (specifier.startsWith('.')) return [normalize(join(dirname(file), specifier))];
    return [];
  });
}

const files = ['functions', 'shared', 'infra'].flatMap(sources);
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));

/** Strongly connected components of more than one module (Tarjan), or a module importing itself. */
function cycles(): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort());
    }
  };
  for (const file of files) if (!indices.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('reads the modules it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get('functions/lib/api-handler.ts')).toContain('functions/domain/access.ts');
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps runtime code (functions/, shared/) away from infra/', () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      /^(functions|shared)\//.test(file) ? targets.filter((target) => target.startsWith('infra/')).map((target) => `${file} -> ${target}`) : []);
    expect(offending).toEqual([]);
  });

  it('keeps every Lambda group to the kit, the data and domain modules, shared/ and itself', () => {
    const layers = /^functions\/(lib|data|domain)\//;
    const offending = [...graph].flatMap(([file, targets]) => {
      const group = /^functions\/([^/]+)\//.exec(file)?.[1];
      if (!group || layers.test(file)) return [];
      return targets
        .filter((target) => target.startsWith('functions/') && !layers.test(target) && !target.startsWith(`functions/${group}/`))
        .map((target) => `${relative('functions', file)} -> ${relative('functions', target)}`);
    });
    expect(offending).toEqual([]);
  });
});
