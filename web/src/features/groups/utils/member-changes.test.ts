import { describe, expect, it } from 'vitest';
import { addMembers, hasMemberChanges, keepMember, memberFieldError, noMemberChanges, parseUserIds, removeMember } from './member-changes.ts';

const members = new Set(['alice', 'bob']);

describe('parseUserIds', () => {
  it('splits on spaces, commas, semicolons and line breaks, half- and full-width', () => {
    expect(parseUserIds('a, b;c\nd\te')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseUserIds('ａｂｃ、ｄｅｆ　ghi，jkl')).toEqual(['abc', 'def', 'ghi', 'jkl']);
  });

  it('drops empties and duplicates, keeping the first order', () => {
    expect(parseUserIds(' ,, b a b ')).toEqual(['b', 'a']);
    expect(parseUserIds('   ')).toEqual([]);
  });
});

describe('member changes', () => {
  it('adds new IDs once and reports those already in the group', () => {
    const first = addMembers(noMemberChanges, ['carol', 'alice'], members);
    expect(first.changes).toEqual({ add: ['carol'], remove: [] });
    expect(first.alreadyMembers).toEqual(['alice']);
    expect(addMembers(first.changes, ['carol', 'dave'], members).changes.add).toEqual(['carol', 'dave']);
  });

  it('adding a member marked for removal keeps it instead', () => {
    const marked = removeMember(noMemberChanges, 'bob', members);
    expect(marked).toEqual({ add: [], remove: ['bob'] });
    const result = addMembers(marked, ['bob'], members);
    expect(result.changes).toEqual({ add: [], remove: [] });
    expect(result.alreadyMembers).toEqual([]);
  });

  it('removing a pending addition just forgets it; unknown IDs change nothing', () => {
    const added = addMembers(noMemberChanges, ['carol'], members).changes;
    expect(removeMember(added, 'carol', members)).toEqual({ add: [], remove: [] });
    expect(removeMember(noMemberChanges, 'nobody', members)).toBe(noMemberChanges);
  });

  it('keep takes back a removal', () => {
    const marked = removeMember(removeMember(noMemberChanges, 'alice', members), 'bob', members);
    expect(keepMember(marked, 'alice')).toEqual({ add: [], remove: ['bob'] });
    expect(hasMemberChanges(marked)).toBe(true);
    expect(hasMemberChanges(noMemberChanges)).toBe(false);
  });
});

describe('memberFieldError', () => {
  it('names the ID of an indexed server error', () => {
    expect(memberFieldError({ 'add_member_ids.1': 'This user does not exist.' }, 'add_member_ids', ['a', 'zed'])).toBe('zed: This user does not exist.');
  });

  it('joins list-level and entry errors, ignoring other fields', () => {
    const fields = { add_member_ids: 'Too many.', 'add_member_ids.0': 'Unknown.', user_group_nm: 'Duplicate.' };
    expect(memberFieldError(fields, 'add_member_ids', ['q'])).toBe('Too many. q: Unknown.');
    expect(memberFieldError(fields, 'remove_member_ids', [])).toBeUndefined();
  });
});
