import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyRegistry, type KeyUse } from './keys.ts';

const functionsDir = new URL('..', import.meta.url).pathname;
const readme = readFileSync(new URL('../lib/data/README.md', import.meta.url), 'utf8');

/** A registered shape as a pattern: the contract ID never holds '#'; other values may. */
const pattern = (template: string): RegExp =>
  new RegExp(`^${template.split(/(<[^>]+>)/).map((part) => (part === '<kyk>' ? '[^#]+' : part.startsWith('<') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);

const matches = (use: KeyUse, [partition, sort]: [string, string]) => pattern(use.partition).test(partition) && pattern(use.sort).test(sort);

describe('the key registry', () => {
  it("gives every builder's key the shape it registers", () => {
    for (const use of keyRegistry) expect(matches(use, use.example()), `${use.entity} (${use.index}): ${use.example().join(' / ')}`).toBe(true);
  });

  it('never lets two entities write keys of the same shape', () => {
    const clashes = keyRegistry.flatMap((a) => keyRegistry
      .filter((b) => b.entity !== a.entity && b.index === a.index && matches(b, a.example()))
      .map((b) => `${a.entity} ~ ${b.entity} on ${a.index}: ${a.partition} / ${a.sort}`));
    expect(clashes).toEqual([]);
  });

  it('catches a clash (a sort prefix of one entity in the partition of another)', () => {
    const intruder: KeyUse = { entity: 'intruder', module: 'x', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'SESSION<suffix>', builder: 'x', example: () => ['T#k1#USER#u1', 'SESSIONX'] };
    const session = keyRegistry.find((use) => use.entity === 'session')!;
    expect(matches(intruder, session.example()) || matches(session, intruder.example())).toBe(false);
    const sloppy: KeyUse = { ...intruder, sort: 'SESSION' };
    expect(matches(sloppy, session.example())).toBe(true);
  });

  it('is what the data README lists, builder by builder', () => {
    const section = readme.slice(readme.indexOf('## Key registry'));
    const rows = [...section.matchAll(/^\| (.+?) \| `(.+?)` \| (\S+) \| `(.+?)` \| `(.+?)` \| `(\w+)` \|$/gm)]
      .map(([, entity, module, index, partition, sort, builder]) => ({ entity, module, index, partition, sort, builder }));
    expect(rows).toEqual(keyRegistry.map(({ entity, module, index, partition, sort, builder }) => ({ entity, module, index, partition, sort, builder })));
  });

  it('names in the access-pattern table only functions that exist', () => {
    const exported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts')) for (const [, name] of readFileSync(path, 'utf8').matchAll(/export (?:async )?(?:function\*?|const) ?(\w+)/g)) exported.add(name!);
      }
    };
    walk(functionsDir);
    const table = readme.slice(readme.indexOf('## Access patterns'), readme.indexOf('## Key registry'));
    const named = [...table.matchAll(/^\|.*\| ([^|]*) \|$/gm)].flatMap(([, servedBy]) => [...servedBy!.replace(/\([^)]*\)/g, '').matchAll(/`(\w+)`/g)].map(([, name]) => name!));
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });
});
