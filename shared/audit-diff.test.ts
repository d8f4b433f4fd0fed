import { describe, expect, it } from 'vitest';
import { auditDiff, diffSummary } from './audit-diff.ts';

describe('auditDiff', () => {
  it('lists changed, added and removed fields by path, leaving equal ones out', () => {
    const changes = auditDiff(
      { user_nm: 'Bob', admin: 0, groups: { ata: 'g1' }, note: 'x', list: ['a', 'b'] },
      { user_nm: 'Robert', admin: 0, groups: { ata: 'g2', atk: 'g3' }, list: ['a', 'b'] },
    );
    expect(changes).toEqual([
      { path: 'user_nm', kind: 'changed', before: 'Bob', after: 'Robert' },
      { path: 'groups.ata', kind: 'changed', before: 'g1', after: 'g2' },
      { path: 'note', kind: 'removed', before: 'x', after: '' },
      { path: 'groups.atk', kind: 'added', before: '', after: 'g3' },
    ]);
    expect(diffSummary(changes)).toBe('user_nm: Bob → Robert; groups.ata: g1 → g2; note: - x; groups.atk: + g3');
  });

  it('shows a creation or a deletion as every field added or removed, and lists of objects by index', () => {
    expect(auditDiff(null, { name: 'Tag' })).toEqual([{ path: 'name', kind: 'added', before: '', after: 'Tag' }]);
    expect(auditDiff({ name: 'Tag' }, null)).toEqual([{ path: 'name', kind: 'removed', before: 'Tag', after: '' }]);
    expect(auditDiff({ rows: [{ id: 1 }] }, { rows: [{ id: 2 }] })).toEqual([{ path: 'rows[0].id', kind: 'changed', before: '1', after: '2' }]);
    expect(auditDiff('a', 'b')).toEqual([{ path: '(value)', kind: 'changed', before: 'a', after: 'b' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
