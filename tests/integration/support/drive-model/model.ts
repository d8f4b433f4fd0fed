/**
 * The drive's rules as a small in-memory model (issue 26, "A model-based test"): the tree, the users'
 * drive levels, folder settings (allow and deny lists), the trash with the settings recorded when an
 * entry went in, bookkeeping documents and share links. Written from docs/drive.md and
 * docs/e-bookkeeping.md, never from the code under test (folder-access.ts is not imported): the
 * commands (commands.ts) ask it what a call may answer and update it from what the server did.
 *
 * Where the documents leave a choice open (an entry the caller trashed themselves and can no longer
 * see; an entry whose path broke without a recorded setting; a trashed folder inside a subtree), the
 * model answers a range (`lo`..`hi`) and accepts either outcome, so it asserts only what the rules say.
 */

export type Level = 0 | 1 | 2 | 3;
export const ROOT = 'root';
export const SYSTEM = 'system';

export interface Side {
  users: string[];
  groups: string[];
}
export interface Acl {
  policy: 'allow' | 'deny';
  view: Side;
  update: Side;
}

export type ActorKey = 'admin' | 'u3' | 'g3' | 'u2' | 'u1';
export const actorKeys: readonly ActorKey[] = ['admin', 'u3', 'g3', 'u2', 'u1'];

/** A user as the rule needs them: their drive level, their account-area group, administration. */
export interface Actor {
  key: ActorKey;
  userId: string;
  groupId: string | undefined;
  drive: Level;
  admin: boolean;
}

export interface Trashed {
  /** Who trashed it (`system`: a folder's purge kept a bookkeeping document). */
  by: string;
  /** The settings of the folders that governed it when it went in (docs/drive.md "Trash"). */
  record: Acl[];
}

export interface Entry {
  id: string;
  type: 'folder' | 'file';
  name: string;
  parentId: string;
  registUser: string;
  acl?: Acl;
  /** Bytes of the current version (files). */
  size: number;
  /** Bytes of the kept earlier versions (files). */
  historyBytes: number;
  versions: number;
  /** A document of a legal style (docs/e-bookkeeping.md): kept until its retention ends. */
  bookkeeping: boolean;
  trashed?: Trashed;
  gone: boolean;
  tagged: boolean;
  rowVersion: number;
  /** A bookkeeping document deleted (itself or with a folder): the person and reason its history must name. */
  deletion?: { by: string; reason: string };
  /** Its deletion record was found in its history (checks.ts reads it once). */
  deletionRecorded?: boolean;
}

export interface Range {
  lo: Level;
  hi: Level;
}
const exactly = (level: Level): Range => ({ lo: level, hi: level });

export type Place = 'live' | 'trashed' | 'underTrash' | 'orphan' | 'gone';

export interface ShareLinkModel {
  kykId: string;
  token: string;
  fileId: string;
  creator: ActorKey;
}

const onSide = (side: Side, actor: Actor): boolean => side.users.includes(actor.userId) || (actor.groupId !== undefined && side.groups.includes(actor.groupId));

/** What one folder's own settings leave a user (the table of docs/drive.md "Folder permissions"). */
export function ceiling(acl: Acl, actor: Actor): Level {
  if (acl.policy === 'allow') return onSide(acl.update, actor) ? 3 : onSide(acl.view, actor) ? 1 : 0;
  return onSide(acl.view, actor) ? 0 : onSide(acl.update, actor) ? 1 : 3;
}

/** The drive level narrowed by every setting given (administrators are never narrowed). */
export function narrowed(actor: Actor, acls: readonly Acl[]): Level {
  if (actor.admin) return 3;
  return acls.reduce<Level>((level, acl) => Math.min(level, ceiling(acl, actor)) as Level, actor.drive);
}

export class DriveModel {
  readonly entries = new Map<string, Entry>();
  readonly favorites = new Map<ActorKey, Set<string>>();
  readonly links: ShareLinkModel[] = [];
  /** Entries touched last, newest first: commands aim at them to build sequences (trash, then its folder...). */
  readonly touched: string[] = [];
  private serial = 0;

  constructor(readonly actors: Record<ActorKey, Actor>, readonly kykId: string) {
    for (const key of actorKeys) this.favorites.set(key, new Set());
  }

  /** A number for names and reasons, unique in the run. */
  next(): number {
    return ++this.serial;
  }

  actor(key: ActorKey): Actor {
    return this.actors[key];
  }

  get(id: string): Entry | undefined {
    return this.entries.get(id);
  }

  /** Every entry not deleted for good, in the order they were made. */
  existing(): Entry[] {
    return [...this.entries.values()].filter((entry) => !entry.gone);
  }

  touch(...ids: string[]): void {
    for (const id of ids) {
      if (id === ROOT) continue;
      const at = this.touched.indexOf(id);
      if (at >= 0) this.touched.splice(at, 1);
      this.touched.unshift(id);
    }
    this.touched.length = Math.min(this.touched.length, 8);
  }

  add(entry: Entry): void {
    this.entries.set(entry.id, entry);
    this.touch(entry.id);
  }

  /** The folders above an entry, from the top (the root not included); broken when one was deleted for good. */
  path(entry: Entry): { chain: Entry[]; broken: boolean } {
    const chain: Entry[] = [];
    let parentId = entry.parentId;
    while (parentId !== ROOT) {
      const parent = this.entries.get(parentId);
      if (!parent || parent.gone || chain.length > 60) return { chain, broken: true };
      chain.unshift(parent);
      parentId = parent.parentId;
    }
    return { chain, broken: false };
  }

  place(entry: Entry): Place {
    if (entry.gone) return 'gone';
    if (entry.trashed) return 'trashed';
    const { chain, broken } = this.path(entry);
    if (broken) return 'orphan';
    return chain.some((folder) => folder.trashed) ? 'underTrash' : 'live';
  }

  /** The settings that govern an entry where it is: its folders', and a folder's own. */
  governing(entry: Entry): Acl[] {
    const { chain } = this.path(entry);
    return [...chain, ...(entry.type === 'folder' ? [entry] : [])].flatMap((folder) => (folder.acl ? [folder.acl] : []));
  }

  /** A user's level on a live entry (0 for anything not live: it is not there for anyone). */
  level(key: ActorKey, entry: Entry | undefined): Level {
    if (!entry || this.place(entry) !== 'live') return 0;
    return narrowed(this.actor(key), this.governing(entry));
  }

  /** The level on a folder one may add to ('root': the drive level). */
  folderLevel(key: ActorKey, id: string): Level {
    if (id === ROOT) return this.actor(key).drive;
    const folder = this.get(id);
    return folder?.type === 'folder' ? this.level(key, folder) : 0;
  }

  /**
   * A user's level on a trashed entry "where it was" (finding 3): the current settings of its
   * original path while that path reads to the root, else the settings recorded when it was trashed.
   * With a broken path and nothing recorded, either reading (administrators only, or the drive level)
   * is accepted.
   */
  trashLevel(key: ActorKey, entry: Entry): Range {
    const actor = this.actor(key);
    if (actor.admin) return exactly(3);
    const { broken } = this.path(entry);
    if (!broken) return exactly(narrowed(actor, this.governing(entry)));
    const record = entry.trashed?.record ?? [];
    return record.length > 0 ? exactly(narrowed(actor, record)) : { lo: 0, hi: actor.drive };
  }

  /**
   * Whether a trashed entry is in the user's trash list: level 3 reads the contract's trash, others
   * what they trashed; and the level where it was must leave view. What a user trashed themselves
   * and may no longer see may be listed or not (the documents leave it open).
   */
  inTrashList(key: ActorKey, entry: Entry): Range {
    if (!entry.trashed || entry.gone) return exactly(0);
    const actor = this.actor(key);
    const own = entry.trashed.by === actor.userId;
    if (!actor.admin && actor.drive < 3 && !own) return exactly(0);
    const level = this.trashLevel(key, entry);
    const seen: Range = { lo: level.lo >= 1 ? 1 : 0, hi: level.hi >= 1 ? 1 : 0 };
    return own ? { lo: seen.lo, hi: 1 } : seen;
  }

  children(folderId: string): Entry[] {
    return this.existing().filter((entry) => entry.parentId === folderId && !entry.trashed);
  }

  /** The entries below a folder that go with it (not those trashed on their own), depth first. */
  liveSubtree(folder: Entry): Entry[] {
    return this.children(folder.id).flatMap((child) => [child, ...(child.type === 'folder' ? this.liveSubtree(child) : [])]);
  }

  /** Everything filed below a folder, the separately trashed entries and what they hold included. */
  wholeSubtree(folder: Entry): Entry[] {
    return this.existing().filter((entry) => entry.parentId === folder.id).flatMap((child) => [child, ...(child.type === 'folder' ? this.wholeSubtree(child) : [])]);
  }

  /** A name claim: per folder, per type, ignoring case; what is in the trash gives its name back. */
  nameTaken(folderId: string, type: Entry['type'], name: string, except?: string): Entry | undefined {
    const key = name.normalize('NFC').toLowerCase();
    return this.children(folderId).find((entry) => entry.type === type && entry.id !== except && entry.name.normalize('NFC').toLowerCase() === key);
  }

  /** May the user change this live entry (rename, move, trash)? 3 changes anything, 2 what it registered. */
  mayChange(key: ActorKey, entry: Entry, level: Level = this.level(key, entry)): boolean {
    const actor = this.actor(key);
    return level >= 3 || (level === 2 && entry.registUser === actor.userId);
  }

  /**
   * Finding 1: a folder whose subtree holds a folder whose settings leave the caller below update is
   * refused whole (move, trash, delete for good, restore). `definite`: a folder that goes with it
   * narrows the caller; `possible`: settings anywhere below (separately trashed folders, or settings
   * that keep an active user at 2) that an implementation may also count.
   */
  subtreeGuard(key: ActorKey, folder: Entry): { definite: boolean; possible: boolean } {
    const actor = this.actor(key);
    if (actor.admin || folder.type !== 'folder') return { definite: false, possible: false };
    const narrows = (entry: Entry) => entry.type === 'folder' && entry.acl !== undefined && ceiling(entry.acl, actor) < actor.drive;
    const below = (entry: Entry) => entry.type === 'folder' && entry.acl !== undefined && (ceiling(entry.acl, actor) < 3 || actor.drive < 3);
    const definite = this.liveSubtree(folder).some(narrows);
    return { definite, possible: definite || this.wholeSubtree(folder).some(below) };
  }

  /** Bookkeeping documents that go with a folder (its live subtree). */
  documentsIn(folder: Entry): Entry[] {
    return this.liveSubtree(folder).filter((entry) => entry.type === 'file' && entry.bookkeeping);
  }

  /** What a trashing records: the settings that govern the entry now. */
  recordFor(entry: Entry): Acl[] {
    return this.governing(entry).map((acl) => structuredClone(acl));
  }

  trash(entry: Entry, by: string, reason: string | undefined): void {
    const record = this.recordFor(entry);
    entry.trashed = { by, record };
    for (const document of entry.type === 'file' ? [entry] : this.documentsIn(entry)) {
      if (!document.bookkeeping || reason === undefined) continue;
      document.deletion = { by, reason };
      document.deletionRecorded = false;
    }
    this.touch(entry.id, entry.parentId);
  }

  restore(entry: Entry, parentId: string): void {
    entry.trashed = undefined;
    entry.parentId = parentId;
    for (const document of entry.type === 'file' ? [entry] : this.documentsIn(entry)) {
      document.deletion = undefined;
      document.deletionRecorded = undefined;
    }
    this.touch(entry.id, parentId);
  }

  /**
   * Deletes a trashed entry for good: a file goes; a folder goes with what it holds, except the
   * bookkeeping documents under retention, which stay in the trash as the system's, governed by the
   * folder's record plus the settings in between (finding 3). Separately trashed entries below stay.
   */
  purge(entry: Entry): void {
    if (entry.type === 'file') {
      entry.gone = true;
      return;
    }
    // The folder hands down its settings: its path's while that still reads to the root, else its record; plus its own.
    const folderRecord = this.path(entry).broken ? entry.trashed?.record ?? [] : this.recordFor(entry);
    const visit = (folder: Entry, between: Acl[]) => {
      for (const child of this.children(folder.id)) {
        if (child.type === 'folder') {
          visit(child, child.acl ? [...between, structuredClone(child.acl)] : between);
          child.gone = true;
        } else if (child.bookkeeping) {
          child.trashed = { by: SYSTEM, record: [...folderRecord, ...between] };
        } else {
          child.gone = true;
        }
      }
    };
    visit(entry, []);
    entry.gone = true;
    entry.trashed = undefined;
  }

  /** The contract's usage as docs/drive.md "Data usage" counts it. */
  usage() {
    const files = this.existing().filter((entry) => entry.type === 'file');
    const trashed = this.existing().filter((entry) => entry.trashed);
    return {
      usage_bytes: files.reduce((sum, file) => sum + file.size + file.historyBytes, 0),
      reserved_bytes: 0,
      file_count: files.length,
      trash_count: trashed.length,
      trash_bytes: trashed.reduce((sum, entry) => sum + (entry.type === 'file' ? entry.size + entry.historyBytes : 0), 0),
      version_count: files.reduce((sum, file) => sum + file.versions - 1, 0),
      version_bytes: files.reduce((sum, file) => sum + file.historyBytes, 0),
    };
  }

  /** An entry's name for reports: its name and a short id. */
  label(id: string | undefined): string {
    if (id === undefined) return 'none';
    if (id === ROOT) return 'root';
    const entry = this.get(id);
    return entry ? `${entry.type === 'folder' ? 'folder' : 'file'} "${entry.name}"` : `unknown ${id.slice(0, 8)}`;
  }
}
