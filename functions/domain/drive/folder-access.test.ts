import { describe, expect, it } from 'vitest';
import type { DriveLevel } from '#shared/routes/define.ts';
import type { FolderAcl } from '#data/drive-items.ts';
import { mayChangeItem } from '#domain/access.ts';
import { aclCeiling, levelUnder, mayAddUnder, type DriveViewer } from './folder-access.ts';

const viewer = (drive: DriveLevel, options: { admin?: boolean; groupId?: string; userId?: string } = {}): DriveViewer => ({
  kykId: 'k', userId: options.userId ?? 'alice', groupId: options.groupId, rights: { admin: options.admin ?? false, drive, source: 'group' },
});
const acl = (policy: FolderAcl['policy'], view: Partial<FolderAcl['view']>, update: Partial<FolderAcl['update']>): FolderAcl => ({
  policy, view: { users: [], groups: [], ...view }, update: { users: [], groups: [], ...update },
});

describe('one folder’s own settings (aclCeiling)', () => {
  it('allow: the update side keeps its level, the view side reads, everyone else has nothing', () => {
    const settings = acl('allow', { users: ['bob'], groups: ['g-view'] }, { users: ['alice'], groups: ['g-edit'] });
    expect(aclCeiling(settings, viewer(3))).toBe(3);
    expect(aclCeiling(settings, viewer(3, { userId: 'bob' }))).toBe(1);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol', groupId: 'g-edit' }))).toBe(3);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol', groupId: 'g-view' }))).toBe(1);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol', groupId: 'other' }))).toBe(0);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol' }))).toBe(0);
  });

  it('deny: the view side has nothing, the update side reads, everyone else is not narrowed', () => {
    const settings = acl('deny', { users: ['bob'], groups: ['g-out'] }, { users: ['alice'], groups: ['g-read'] });
    expect(aclCeiling(settings, viewer(3, { userId: 'bob' }))).toBe(0);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol', groupId: 'g-out' }))).toBe(0);
    expect(aclCeiling(settings, viewer(3))).toBe(1);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol', groupId: 'g-read' }))).toBe(1);
    expect(aclCeiling(settings, viewer(3, { userId: 'carol' }))).toBe(3);
  });
});

describe('the level on an entry (levelUnder)', () => {
  const allowAlice = acl('allow', {}, { users: ['alice'] });
  const aliceReads = acl('allow', { users: ['alice'] }, { users: ['bob'] });

  it('is the drive level where no folder has settings of its own', () => {
    for (const drive of [0, 1, 2, 3] as const) expect(levelUnder([{}, {}], viewer(drive))).toBe(drive);
  });

  it('never passes the drive level: settings only narrow it', () => {
    expect(levelUnder([{ acl: allowAlice }], viewer(1))).toBe(1);
    expect(levelUnder([{ acl: allowAlice }], viewer(2))).toBe(2);
    expect(levelUnder([{ acl: allowAlice }], viewer(0))).toBe(0);
  });

  it('applies every folder on the way: a subfolder narrows what the folders above leave, never widens it', () => {
    expect(levelUnder([{ acl: allowAlice }, {}, { acl: aliceReads }], viewer(3))).toBe(1);
    // Closed above: a subfolder that lists the user does not open it again.
    expect(levelUnder([{ acl: aliceReads }, { acl: allowAlice }], viewer(3))).toBe(1);
    expect(levelUnder([{ acl: acl('allow', {}, { users: ['bob'] }) }, { acl: allowAlice }], viewer(3))).toBe(0);
  });

  it('leaves administrators their level: they manage every folder', () => {
    expect(levelUnder([{ acl: acl('allow', {}, { users: ['bob'] }) }], viewer(3, { admin: true }))).toBe(3);
  });

  it('adds and changes by level: 2 adds and changes its own entries, 3 anything, 1 nothing', () => {
    const rights = viewer(3).rights;
    expect([1, 2, 3].map((level) => mayAddUnder(level as DriveLevel))).toEqual([false, true, true]);
    expect(mayChangeItem(rights, 'alice', { regist_user_id: 'alice', level: 2 })).toBe(true);
    expect(mayChangeItem(rights, 'alice', { regist_user_id: 'bob', level: 2 })).toBe(false);
    expect(mayChangeItem(rights, 'alice', { regist_user_id: 'bob', level: 3 })).toBe(true);
    expect(mayChangeItem(rights, 'alice', { regist_user_id: 'alice', level: 1 })).toBe(false);
    // The entry's level never lifts the caller's drive level.
    expect(mayChangeItem(viewer(1).rights, 'alice', { regist_user_id: 'alice', level: 3 })).toBe(false);
  });
});
