import { describe, expect, it } from 'vitest';
import type { DriveItem } from '../../api/get-file-info.ts';
import { commandEnabled, commandShown, type CommandScope } from './command-rules.ts';

const entry = (over: Partial<DriveItem> = {}): DriveItem => ({
  id: over.id ?? 'a',
  parent_id: 'root',
  type: 'file',
  name: 'a.txt',
  size: 1,
  version: 1,
  status: 'ready',
  content_type: 'text/plain',
  regist_date: '2026-01-01T00:00:00Z',
  regist_user_id: 'me',
  update_date: '2026-01-01T00:00:00Z',
  update_user_id: 'me',
  row_version: 1,
  ...over,
});
const updater: CommandScope = { drive: 3, userId: 'me', mayAdd: true, mayShareLinks: true };
const active: CommandScope = { drive: 2, userId: 'me', mayAdd: true, mayShareLinks: false };
const viewer: CommandScope = { drive: 1, userId: 'me', mayAdd: false, mayShareLinks: false };

describe('the drive commands enabled rules', () => {
  it('downloads one file, several entries and a folder; says why not when nothing, a pending file or a threat is selected', () => {
    expect(commandEnabled('download', [entry()], viewer)).toBe(true);
    expect(commandEnabled('download', [entry(), entry({ id: 'b' })], viewer)).toBe(true);
    expect(commandEnabled('download', [entry({ type: 'folder' })], viewer)).toBe(true);
    expect(commandEnabled('download', [], viewer)).toBe('driveCommands.download.none');
    expect(commandEnabled('download', [entry(), entry({ id: 'b', status: 'pending' })], viewer)).toBe('driveCommands.download.notReady');
    expect(commandEnabled('download', [entry(), entry({ id: 'b', scan_status: 'THREATS_FOUND' })], viewer)).toBe('driveCommands.download.threat');
  });

  it('renames and trashes what the user may change: an active user their own entries only, a viewer nothing', () => {
    const others = entry({ regist_user_id: 'someone' });
    expect(commandEnabled('rename', [others], updater)).toBe(true);
    expect(commandEnabled('rename', [others], active)).toBe('drive.actions.renameDisabled');
    expect(commandEnabled('rename', [entry()], active)).toBe(true);
    expect(commandEnabled('rename', [entry(), entry({ id: 'b' })], updater)).toBe('drive.actions.renameDisabled');
    expect(commandEnabled('trash', [entry(), others], active)).toBe('drive.actions.deleteDisabled');
    expect(commandEnabled('trash', [entry(), others], updater)).toBe(true);
    expect(commandEnabled('trash', [entry({ status: 'pending' })], updater)).toBe('drive.actions.deleteDisabled');
    expect(commandShown('rename', viewer)).toBe(false);
    expect(commandEnabled('trash', [entry()], viewer)).toBe('driveCommands.reasons.notAllowed');
  });

  it('lowers the level to the folder permissions of the entry', () => {
    expect(commandEnabled('move', [entry({ level: 1 })], updater)).toBe('drive.actions.moveDisabled');
    expect(commandEnabled('move', [entry({ level: 3, regist_user_id: 'x' })], active)).toBe('drive.actions.moveDisabled');
  });

  it('opens one ready entry (not a threat), previews one ready file, zips several or a folder', () => {
    expect(commandEnabled('open', [entry({ type: 'folder' })], viewer)).toBe(true);
    expect(commandEnabled('open', [entry({ scan_status: 'THREATS_FOUND' })], viewer)).toBe('drive.scan.blocked');
    expect(commandEnabled('open', [entry(), entry({ id: 'b' })], viewer)).toBe('driveCommands.reasons.open');
    expect(commandEnabled('preview', [entry({ type: 'folder' })], viewer)).toBe('preview.actionDisabled');
    expect(commandEnabled('zip', [entry()], viewer)).toBe('driveJobs.zipDisabled');
    expect(commandEnabled('zip', [entry({ type: 'folder' })], viewer)).toBe(true);
  });

  it('offers copy from drive level 2, share links where the right allows, permissions on one ready folder', () => {
    expect(commandShown('copy', viewer)).toBe(false);
    expect(commandEnabled('copy', [entry()], active)).toBe(true);
    expect(commandShown('share', active)).toBe(false);
    expect(commandEnabled('share', [entry()], updater)).toBe(true);
    expect(commandEnabled('permissions', [entry({ type: 'folder' })], viewer)).toBe(true);
    expect(commandEnabled('permissions', [entry()], viewer)).toBe('permissions.actionDisabled');
  });

  it('accepts and rejects received files only, where the user may update after folder permissions', () => {
    const received = entry({ id: 'r', received: { channel: 'mail', source_id: 'abcdefghijkl', creator_id: 'admin', received_at: '2026-01-02T00:00:00Z' } });
    const other = entry({ id: 'r2', received: { channel: 'link', source_id: 'AAAAAAAAAAAAAAAA', creator_id: 'me', received_at: '2026-01-02T00:00:00Z' } });
    expect(commandEnabled('accept', [received, other], updater)).toBe(true);
    expect(commandEnabled('reject', [received], updater)).toBe(true);
    // One file of the selection that is not received disables it.
    expect(commandEnabled('accept', [received, entry()], updater)).toBe('arrivals.commands.acceptDisabled');
    expect(commandEnabled('reject', [], updater)).toBe('arrivals.commands.rejectDisabled');
    // A folder's permissions narrow the level: update is needed on the entry.
    expect(commandEnabled('accept', [{ ...received, level: 2 }], updater)).toBe('arrivals.commands.acceptDisabled');
    // Below drive level 3 the commands are not offered at all.
    expect(commandShown('accept', active)).toBe(false);
    expect(commandEnabled('reject', [received], active)).toBe('driveCommands.reasons.notAllowed');
  });
});
