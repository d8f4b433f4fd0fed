import { describe, expect, it } from 'vitest';
import { applyPageSelection, entryLabel, isGroupEntry, rememberEntries, removeSelected, type PickerEntry } from './picker-selection.ts';

const user = (id: string, name = id): PickerEntry => ({ id, user_group_id: 'g1', user_id: id, user_group_nm: 'Sales', user_nm: name });
const group = (id: string, name: string): PickerEntry => ({ id, user_group_id: id, user_id: null, user_group_nm: name, user_nm: '' });

describe('applyPageSelection', () => {
  it('keeps selections of other pages and adds the new ones last', () => {
    expect(applyPageSelection(['a', 'x'], ['x', 'y', 'z'], ['x', 'z'])).toEqual(['a', 'x', 'z']);
  });
  it('drops entries of the page that were deselected', () => {
    expect(applyPageSelection(['a', 'x', 'y'], ['x', 'y'], ['y'])).toEqual(['a', 'y']);
  });
  it('ignores ids that are not on the page', () => {
    expect(applyPageSelection(['a'], ['x'], ['x', 'b'])).toEqual(['a', 'x']);
  });
  it('clears the page when nothing is selected', () => {
    expect(applyPageSelection(['x', 'y', 'a'], ['x', 'y'], [])).toEqual(['a']);
  });
});

describe('picker entries', () => {
  it('tells groups from users', () => {
    expect(isGroupEntry(group('g1', 'Sales'))).toBe(true);
    expect(isGroupEntry(user('u1'))).toBe(false);
  });
  it('labels groups by name and users by name and ID', () => {
    expect(entryLabel(group('g1', 'Sales'))).toBe('Sales');
    expect(entryLabel(user('u1', 'Ann'))).toBe('Ann (u1)');
  });
  it('removes one id', () => {
    expect(removeSelected(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('remembers entries, later answers winning, and keeps the map when nothing changes', () => {
    const first = rememberEntries(new Map(), [group('g1', 'Old')]);
    const renamed = group('g1', 'New');
    const second = rememberEntries(first, [renamed]);
    expect(second.get('g1')?.user_group_nm).toBe('New');
    expect(rememberEntries(second, [renamed])).toBe(second);
  });
});
