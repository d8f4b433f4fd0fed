import type { TextKey } from '@/components/translated.tsx';
import type { DriveItem } from '../../api/get-file-info.ts';
import { isReceived } from '../../utils/arrival.ts';

/** What the user may do where the selection is: the rights and the folder's answer, as the page knows them. */
export interface CommandScope {
  /** The user's drive level (1 view, 2 active, 3 update). */
  drive: number;
  userId?: string;
  /** Whether the user may add in the folder shown (after its permissions): rename, move, trash and edit show then. */
  mayAdd: boolean;
  /** Whether the user may issue share links here (utils/share-right.ts). */
  mayShareLinks: boolean;
  favoriteIds?: ReadonlySet<string>;
}

export const driveCommandIds = [
  'open',
  'preview',
  'download',
  'zip',
  'rename',
  'move',
  'editDetails',
  'copy',
  'tags',
  'permissions',
  'history',
  'share',
  'favorite',
  'trash',
  'accept',
  'reject',
] as const;
export type DriveCommandId = (typeof driveCommandIds)[number];

/** `true`, or the i18n key of the true reason it may not run for these entries. */
export type Enabled = true | TextKey;

interface Rule {
  /** Whether the command is offered at all to this user here (a view-only user sees no Rename). */
  shown: (scope: CommandScope) => boolean;
  enabled: (items: DriveItem[], scope: CommandScope) => Enabled;
  /** The key that runs it (use-drive-shortcuts.ts), as the help dialog and the menus show it. */
  shortcut?: string;
}

/**
 * The item-level rule of functions/domain/access.ts: active (2) changes what the user registered,
 * update (3) anything; the listing gives each entry's level after folder permissions.
 */
export const mayChangeItem = (item: DriveItem, scope: Pick<CommandScope, 'drive' | 'userId'>): boolean => {
  const level = Math.min(scope.drive, item.level ?? scope.drive);
  return level >= 3 || (level === 2 && item.regist_user_id === scope.userId);
};

const ready = (item: DriveItem) => item.status === 'ready';
const threat = (item: DriveItem) => item.scan_status === 'THREATS_FOUND';
const oneFile = (items: DriveItem[]) => (items.length === 1 && items[0]!.type === 'file' ? items[0] : undefined);
const always = () => true;
/**
 * Received files (came in by a file-request link or by mail) are accepted or rejected by a member
 * who may update where they are: every entry of the selection must be one, at level 3 after the
 * folder permissions (the server checks each again and answers refusals one by one).
 */
const mayDecideArrivals = (items: DriveItem[], scope: CommandScope): boolean =>
  items.length > 0 && items.every((item) => isReceived(item) && Math.min(scope.drive, item.level ?? scope.drive) >= 3);

const rules: Record<DriveCommandId, Rule> = {
  open: {
    shown: always,
    shortcut: 'Enter',
    enabled: (items) => {
      const [item] = items;
      if (items.length !== 1 || !item || !ready(item)) return 'driveCommands.reasons.open';
      return threat(item) ? 'drive.scan.blocked' : true;
    },
  },
  preview: {
    shown: always,
    enabled: (items) => {
      const file = oneFile(items);
      if (file && threat(file)) return 'drive.scan.blocked';
      return file && ready(file) ? true : 'preview.actionDisabled';
    },
  },
  // One file downloads; several entries, or a folder, come as one ZIP (the zip job).
  download: {
    shown: always,
    enabled: (items) => {
      if (items.length === 0) return 'driveCommands.download.none';
      if (!items.every(ready)) return 'driveCommands.download.notReady';
      return items.some(threat) ? 'driveCommands.download.threat' : true;
    },
  },
  zip: {
    shown: always,
    enabled: (items) => (items.length > 0 && items.every(ready) && (items.length > 1 || items[0]!.type === 'folder') ? true : 'driveJobs.zipDisabled'),
  },
  rename: {
    shown: (scope) => scope.mayAdd,
    shortcut: 'F2',
    enabled: (items, scope) => (items.length === 1 && mayChangeItem(items[0]!, scope) ? true : 'drive.actions.renameDisabled'),
  },
  move: {
    shown: (scope) => scope.mayAdd,
    enabled: (items, scope) => (items.length > 0 && items.every((item) => mayChangeItem(item, scope) && ready(item)) ? true : 'drive.actions.moveDisabled'),
  },
  editDetails: {
    shown: (scope) => scope.mayAdd,
    enabled: (items, scope) => {
      const file = oneFile(items);
      return file && ready(file) && mayChangeItem(file, scope) ? true : 'bookkeeping.edit.actionDisabled';
    },
  },
  // A copy reads here and adds elsewhere: a view-only folder's entries can be copied where the user may add.
  copy: {
    shown: (scope) => scope.drive >= 2,
    enabled: (items) => (items.length > 0 && items.every(ready) ? true : 'driveJobs.copyDisabled'),
  },
  tags: {
    shown: always,
    enabled: (items) => (items.length === 1 ? true : 'tags.actionDisabled'),
  },
  permissions: {
    shown: always,
    enabled: (items) => (items.length === 1 && items[0]!.type === 'folder' && ready(items[0]!) ? true : 'permissions.actionDisabled'),
  },
  history: {
    shown: always,
    enabled: (items) => (oneFile(items)?.status === 'ready' ? true : 'versions.history.actionDisabled'),
  },
  share: {
    shown: (scope) => scope.mayShareLinks,
    enabled: (items) => (oneFile(items)?.status === 'ready' ? true : 'shares.actionDisabled'),
  },
  favorite: {
    shown: always,
    enabled: (items) => (items.length > 0 ? true : 'places.drive.favoriteDisabled'),
  },
  trash: {
    shown: (scope) => scope.mayAdd,
    shortcut: 'Delete',
    enabled: (items, scope) => (items.length > 0 && items.every((item) => mayChangeItem(item, scope) && ready(item)) ? true : 'drive.actions.deleteDisabled'),
  },
  accept: {
    shown: (scope) => scope.drive >= 3,
    enabled: (items, scope) => (mayDecideArrivals(items, scope) ? true : 'arrivals.commands.acceptDisabled'),
  },
  reject: {
    shown: (scope) => scope.drive >= 3,
    enabled: (items, scope) => (mayDecideArrivals(items, scope) ? true : 'arrivals.commands.rejectDisabled'),
  },
};

export const commandShown = (id: DriveCommandId, scope: CommandScope): boolean => rules[id].shown(scope);

/** Whether the command may run for these entries: `true`, or the reason's i18n key (also when it is not shown to this user). */
export const commandEnabled = (id: DriveCommandId, items: DriveItem[], scope: CommandScope): Enabled =>
  rules[id].shown(scope) ? rules[id].enabled(items, scope) : 'driveCommands.reasons.notAllowed';

export const commandShortcut = (id: DriveCommandId): string | undefined => rules[id].shortcut;

/** Every selected entry a favourite already: the command removes them. */
export const allFavorites = (items: DriveItem[], favoriteIds: ReadonlySet<string> | undefined): boolean =>
  items.length > 0 && favoriteIds !== undefined && items.every((item) => favoriteIds.has(item.id));
