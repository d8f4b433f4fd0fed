/**
 * Multipart uploads that survive a reload (docs/drive.md "Resuming an upload"): what is needed to
 * go on with one is kept in the browser's IndexedDB — its upload id, entry, part size, the file's
 * name, size and last change, where it goes, and each stored part's number and ETag — never the
 * bytes. After a reload the transfers panel lists the unfinished ones; the user picks the file
 * again and only the parts S3 does not hold are sent. Kept per user (a shared browser shows each
 * user only their own). This module is small on purpose: the signed-in frame loads it at start.
 */
import { readStoredUser } from '@/lib/session.ts';

export interface StoredPart {
  part_number: number;
  etag: string;
}

export interface ResumableUpload {
  /** The entry's id (the key: one upload per entry at a time). */
  item_id: string;
  upload_id: string;
  part_size: number;
  /** The file as picked: a file picked again must match all three. */
  name: string;
  size: number;
  last_modified: number;
  folder_id: string;
  /** Where it goes, as the transfers panel says it. */
  place: string;
  /** New bytes of an existing file: the version they become. */
  upload_version?: number;
  /** `kyk_id/user_id` of the uploader. */
  owner: string;
  parts: StoredPart[];
  started_at: number;
}

const DB_NAME = 'drive-uploads';
const STORE = 'uploads';
/**
 * Set in localStorage while the store may hold an upload: the signed-in frame loads this module at
 * start only then (transfer-queue.ts), so a page without unfinished uploads fetches none of it.
 */
export const KEPT_FLAG = 'drive-uploads-kept';
const flag = (on: boolean) => {
  try {
    if (on) localStorage.setItem(KEPT_FLAG, '1');
    else localStorage.removeItem(KEPT_FLAG);
  } catch {
    // No storage: the store is still read when it can be.
  }
};

let opened: Promise<IDBDatabase | undefined> | undefined;

/** The database, or undefined where the browser has none (private modes, tests): nothing is kept then. */
function database(): Promise<IDBDatabase | undefined> {
  const open = (version?: number) =>
    new Promise<IDBDatabase | undefined>((resolve) => {
      const request = indexedDB.open(DB_NAME, version);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'item_id' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  opened ??= (async () => {
    if (typeof indexedDB === 'undefined') return undefined;
    const db = await open();
    if (!db || db.objectStoreNames.contains(STORE)) return db;
    // Made elsewhere without the store (an empty open): one version up adds it.
    const version = db.version + 1;
    db.close();
    return open(version);
  })();
  const current = opened;
  // A failed open (e.g. blocked by another one) is tried again next time rather than kept.
  void current.then((db) => {
    if (!db && opened === current) opened = undefined;
  });
  return current;
}

/** Runs one request in its own transaction; failures answer undefined (keeping state is best effort). */
async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await database();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Whether the page is going away: an upload cut off by a reload is kept, not forgotten. */
let leaving = false;
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => (leaving = true));

export const ownerOf = (user: { kyk_id: string; user_id: string }): string => `${user.kyk_id}/${user.user_id}`;

/** The signed-in user as the owner of kept uploads, if someone is signed in. */
export function signedInOwner(): string | undefined {
  const user = readStoredUser();
  return user ? ownerOf(user) : undefined;
}

export const keepResumable = (upload: ResumableUpload): Promise<unknown> => {
  flag(true);
  return run('readwrite', (store) => store.put(upload));
};

/** Lowers the flag once the store holds nothing (any user's). */
async function lowerFlagWhenEmpty(): Promise<void> {
  if ((await run('readonly', (store) => store.count())) === 0) flag(false);
}

/** Records a stored part of an upload kept for resuming (read, changed and written in one transaction). */
export async function keepPart(itemId: string, part: StoredPart): Promise<void> {
  const db = await database();
  if (!db) return;
  await new Promise<void>((resolve) => {
    try {
      const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
      const request = store.get(itemId);
      request.onsuccess = () => {
        const upload = request.result as ResumableUpload | undefined;
        if (upload && !upload.parts.some((kept) => kept.part_number === part.part_number)) store.put({ ...upload, parts: [...upload.parts, part] });
        resolve();
      };
      request.onerror = () => resolve();
    } catch {
      resolve();
    }
  });
}

/** Forgets an upload that finished, was cancelled or refused; not while the page unloads (a reload resumes it). */
export async function forgetResumable(itemId: string): Promise<void> {
  if (leaving) return;
  await run('readwrite', (store) => store.delete(itemId));
  await lowerFlagWhenEmpty();
}

/** Forgets an upload the user discarded (always). */
export async function discardResumable(itemId: string): Promise<void> {
  await run('readwrite', (store) => store.delete(itemId));
  await lowerFlagWhenEmpty();
}

/** The lock a tab holds while it sends an upload's bytes: another tab does not list that upload as unfinished. */
export const uploadLockName = (itemId: string): string => `drive-upload:${itemId}`;

/** Holds the upload's lock until `done` settles (where the browser has Web Locks). */
export function holdUploadLock(itemId: string, done: Promise<unknown>): void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  void locks?.request(uploadLockName(itemId), () => done.catch(() => undefined)).catch(() => undefined);
}

/** How long a lock held at start is waited for: a reloaded page's own is released a moment after the new page starts. */
const LOCK_WAIT_MS = 3000;

/** Whether no open tab is sending the upload: its lock is free, or is freed within a moment. */
async function notSentElsewhere(itemId: string, held: Set<string>): Promise<boolean> {
  if (!held.has(uploadLockName(itemId))) return true;
  return navigator.locks
    .request(uploadLockName(itemId), { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => true)
    .catch(() => false);
}

/** The owner's uploads kept for resuming that no open tab is sending, oldest first. */
export async function unfinishedUploads(owner: string): Promise<ResumableUpload[]> {
  const all = (((await run('readonly', (store) => store.getAll())) ?? []) as ResumableUpload[]).filter((upload) => upload.owner === owner);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return all.sort((a, b) => a.started_at - b.started_at);
  const held = new Set(((await locks.query().catch(() => ({ held: [] }))).held ?? []).flatMap((lock) => (lock.name ? [lock.name] : [])));
  const free = await Promise.all(all.map((upload) => notSentElsewhere(upload.item_id, held)));
  return all.filter((_, index) => free[index]).sort((a, b) => a.started_at - b.started_at);
}

/** Whether a file picked again is the one whose upload was cut off. */
export const sameFile = (upload: Pick<ResumableUpload, 'name' | 'size' | 'last_modified'>, file: File): boolean =>
  file.name === upload.name && file.size === upload.size && file.lastModified === upload.last_modified;

/** Bytes of the parts already stored (the last part may be short). */
export const storedBytes = (upload: Pick<ResumableUpload, 'parts' | 'part_size' | 'size'>): number =>
  Math.min(upload.size, upload.parts.reduce((sum, part) => sum + Math.min(upload.part_size, upload.size - (part.part_number - 1) * upload.part_size), 0));
