import { describe, expect, it } from 'vitest';
import { limitedListOf, noRestrictions, restrictionsChanged, restrictionsFromCorp, withLocked } from './restrictions.ts';

const entry = (product: 'atk' | 'atc' | 'atd', id: string, sys = 0) => ({ product, user_group_id: id, user_group_nm: `name-${id}`, sys_flg: sys });

describe('reference restrictions', () => {
  it('groups the limited_list per product, locking system entries and dropping duplicates', () => {
    const restrictions = restrictionsFromCorp([entry('atk', 'g1'), entry('atd', 'g2', 1), entry('atk', 'g3'), entry('atk', 'g1')]);
    expect(restrictions.atk.map((group) => group.user_group_id)).toEqual(['g1', 'g3']);
    expect(restrictions.atc).toEqual([]);
    expect(restrictions.atd).toEqual([{ user_group_id: 'g2', user_group_nm: 'name-g2', locked: true }]);
  });

  it('writes the limited_list back in product order', () => {
    const restrictions = restrictionsFromCorp([entry('atd', 'd1'), entry('atk', 'k1'), entry('atc', 'c1')]);
    expect(limitedListOf(restrictions)).toEqual([
      { product: 'atk', user_group_id: 'k1' },
      { product: 'atc', user_group_id: 'c1' },
      { product: 'atd', user_group_id: 'd1' },
    ]);
    expect(limitedListOf(noRestrictions())).toEqual([]);
  });

  it('keeps locked entries whatever the select reports', () => {
    const previous = [
      { user_group_id: 's', user_group_nm: 'System', locked: true },
      { user_group_id: 'a', user_group_nm: 'A', locked: false },
    ];
    expect(withLocked(previous, [{ user_group_id: 'b', user_group_nm: 'B', locked: false }]).map((group) => group.user_group_id)).toEqual(['s', 'b']);
    expect(withLocked(previous, [{ user_group_id: 's', user_group_nm: 'System', locked: false }])).toEqual([previous[0]]);
  });

  it('compares selections ignoring order', () => {
    const a = restrictionsFromCorp([entry('atk', 'x'), entry('atk', 'y')]);
    const b = restrictionsFromCorp([entry('atk', 'y'), entry('atk', 'x')]);
    expect(restrictionsChanged(a, b)).toBe(false);
    expect(restrictionsChanged(a, restrictionsFromCorp([entry('atk', 'x')]))).toBe(true);
    expect(restrictionsChanged(a, restrictionsFromCorp([entry('atk', 'x'), entry('atc', 'y')]))).toBe(true);
  });
});
