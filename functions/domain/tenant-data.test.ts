import { describe, expect, it } from 'vitest';
import { keyRegistry } from '#data/keys.ts';
import { belongsTo, entityOf, entitySlug, physicalPartitions, tenantPlan } from './tenant-data.ts';
import { drivePaths, omittedEntities, safeSegment } from './tenant-export.ts';

describe('the export and delete plan', () => {
  it('names every partition of the key registry, and only those', () => {
    // A new entity with a partition of its own fails here until the plan says how to find its items.
    expect(Object.keys(tenantPlan).sort()).toEqual(physicalPartitions().sort());
  });

  it('reads every partition of a contract, except those with random ids that expire', () => {
    const unread = Object.entries(tenantPlan).filter(([, coverage]) => coverage.kind !== 'read');
    for (const [partition, coverage] of unread) {
      const sorts = keyRegistry.filter((use) => use.partition === partition).map((use) => use.sort);
      if (coverage.kind === 'not-tenant') expect([partition, ...sorts].some((key) => key.includes('<kyk>')), partition).toBe(false);
      else expect(coverage.how, partition).toMatch(/TTL/);
    }
    expect(unread.map(([partition]) => partition).sort()).toEqual(['RETENTION#STATE', 'SOURCE#<address>', 'T#<kyk>#SSOASSERT#<hash>', 'T#<kyk>#SSOCODE#<hash>', 'T#<kyk>#SSOREQ#<request>', 'UPLOADQ#STATE'].sort());
  });

  it('tells each stored item its entity by its partition and sort key', () => {
    for (const use of keyRegistry.filter((row) => row.index === 'table' || row.index === 'audit')) {
      const [, sk] = use.example();
      expect(entityOf(use.partition, { sk }, 'k1')?.entity, `${use.partition} / ${sk}`).toBe(use.entity);
    }
    expect(entityOf('T#<kyk>#USER#<user>', { sk: 'SOMETHING-NEW' }, 'k1')).toBeUndefined();
  });

  it('leaves out only entities the registry has', () => {
    const entities = new Set(keyRegistry.map((use) => use.entity));
    for (const entity of omittedEntities) expect(entities.has(entity), entity).toBe(true);
    expect(entitySlug('legal-entity member')).toBe('legal-entity-member');
    expect(entitySlug('SAML settings')).toBe('saml-settings');
  });

  it("knows a contract's items from another's, whose ID may begin the same", () => {
    expect(belongsTo({ pk: 'T#ab', sk: 'CONTRACT' }, 'ab')).toBe(true);
    expect(belongsTo({ pk: 'T#ab#USER#u1', sk: 'PROFILE' }, 'ab')).toBe(true);
    expect(belongsTo({ pk: 'T#abc#USER#u1', sk: 'PROFILE' }, 'ab')).toBe(false);
    expect(belongsTo({ pk: 'PURGEQ#1', sk: 'ab#i1' }, 'ab')).toBe(true);
    expect(belongsTo({ pk: 'PURGEQ#1', sk: 'abc#i1' }, 'ab')).toBe(false);
    expect(belongsTo({ pk: 'TRASHQ#1', sk: 'ab' }, 'ab')).toBe(true);
  });
});

describe('the export layout', () => {
  it('lays files out by their place in the drive, the trash apart', () => {
    const paths = drivePaths([
      { id: 'f1', type: 'folder', name: 'Reports', parent_id: 'root' },
      { id: 'f2', type: 'folder', name: '2024', parent_id: 'f1' },
      { id: 'a1', type: 'file', name: 'invoice.pdf', parent_id: 'f2' },
      { id: 'a2', type: 'file', name: 'old.pdf', parent_id: 'f1', trashed_date: '2026-01-01T00:00:00.000Z' },
      { id: 'a3', type: 'file', name: 'lost.pdf', parent_id: 'gone' },
      { id: 'b1', type: 'file', name: 'same', parent_id: 'root' },
      { id: 'b2abcdef99', type: 'file', name: 'same', parent_id: 'root', trashed_date: '2026-01-01T00:00:00.000Z' },
      { id: 'b3abcdef99', type: 'file', name: 'same', parent_id: 'root' },
    ]);
    expect(paths.get('a1')).toEqual(['Reports', '2024', 'invoice.pdf']);
    expect(paths.get('a2')).toEqual(['_trash', 'Reports', 'old.pdf']);
    expect(paths.get('a3')).toEqual(['_unplaced', 'gone', 'lost.pdf']);
    expect(paths.get('b2abcdef99')).toEqual(['_trash', 'same']);
    expect(paths.get('b3abcdef99')).toEqual(['same (b3abcdef)']);
  });

  it('makes any drive name one safe path segment', () => {
    expect(safeSegment('a/b\\c:d')).toBe('a_b_c_d');
    expect(safeSegment('..')).toBe('_');
    expect(safeSegment('請求書 2024.pdf')).toBe('請求書 2024.pdf');
  });
});
