import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/store.ts';
import type { ResumableUpload } from './upload-resume.ts';
import type { ScanFacts } from './scan-warnings.tsx';

/**
 * The transfers panel's list: every upload of this tab, a few running at once, each with its own
 * progress, cancel and retry. Transfers live outside React, so they keep going while the user moves
 * to another folder or page.
 */
export type TransferState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'paused';

export interface Transfer {
  id: string;
  name: string;
  /** Where the file goes, as the user reads it (a folder path). */
  place: string;
  size: number;
  loaded: number;
  state: TransferState;
  /** Why it failed, as the user reads it (for a paused one: why the file picked again was refused). */
  error?: string;
  /** An upload cut off by a reload (state `paused`): what is needed to go on once the file is picked again. */
  resume?: ResumableUpload;
  /** A stored scan that fails a scanner-storage rule or its input deadline: what the warnings are said from. */
  scan?: ScanFacts;
}

export interface TransferProgressReport {
  loaded: number;
}

/** The work of one transfer; it reports progress and stops when the signal aborts. */
export type TransferRun = (report: (progress: TransferProgressReport) => void, signal: AbortSignal, id: string) => Promise<void>;

export interface TransferInput {
  name: string;
  place: string;
  size: number;
  run: TransferRun;
  /** The message of a failure (the run's error as the user reads it). */
  describeError: (error: unknown) => string;
}

/** Transfers sending at once: enough to fill the pipe, few enough to keep each one's bar moving. */
export const PARALLEL_TRANSFERS = 3;

const store = createStore<Transfer[]>([]);
const inputs = new Map<string, TransferInput>();
const controllers = new Map<string, AbortController>();
const settled = new Map<string, Array<(state: TransferState) => void>>();
let counter = 0;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const update = (id: string, change: Partial<Transfer>) =>
  store.set((list) => list.map((transfer) => (transfer.id === id ? { ...transfer, ...change } : transfer)));

function finish(id: string, state: TransferState, error?: string) {
  controllers.delete(id);
  update(id, error === undefined ? { state } : { state, error });
  for (const resolve of settled.get(id) ?? []) resolve(state);
  settled.delete(id);
  pump();
}

/** Starts queued transfers, oldest first, while fewer than PARALLEL_TRANSFERS run. */
function pump() {
  const list = store.get();
  let running = list.filter((transfer) => transfer.state === 'running').length;
  // The list is newest first: the oldest queued transfer is the last one.
  for (const transfer of [...list].reverse()) {
    if (running >= PARALLEL_TRANSFERS) return;
    if (transfer.state !== 'queued') continue;
    running++;
    start(transfer.id);
  }
}

function start(id: string) {
  const input = inputs.get(id)!;
  const controller = new AbortController();
  controllers.set(id, controller);
  update(id, { state: 'running', loaded: 0, error: undefined });
  input
    .run((progress) => {
      if (!controller.signal.aborted) update(id, { loaded: progress.loaded });
    }, controller.signal, id)
    .then(
      () => finish(id, 'done'),
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) finish(id, 'cancelled');
        else finish(id, 'failed', input.describeError(error));
      },
    );
}

/** Queues a transfer; the promise settles with its final state (after any retries, the first end). */
export function addTransfer(input: TransferInput): { id: string; ended: Promise<TransferState> } {
  const id = `transfer-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  inputs.set(id, input);
  const ended = new Promise<TransferState>((resolve) => settled.set(id, [resolve]));
  store.set((list) => [{ id, name: input.name, place: input.place, size: input.size, loaded: 0, state: 'queued' }, ...list]);
  pump();
  return { id, ended };
}

/** Lists an upload cut off by a reload: it waits for the user to pick its file again (or to discard it). */
export function addPausedTransfer(resume: ResumableUpload, loaded: number): string {
  const id = `transfer-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  store.set((list) => [...list, { id, name: resume.name, place: resume.place, size: resume.size, loaded, state: 'paused', resume }]);
  return id;
}

/** Goes on with a paused upload: its work from now on, queued as any other. */
export function resumeTransfer(id: string, input: TransferInput): Promise<TransferState> {
  inputs.set(id, input);
  const ended = new Promise<TransferState>((resolve) => settled.set(id, [resolve]));
  update(id, { state: 'queued', error: undefined });
  pump();
  return ended;
}

/** Says on a paused upload's row why the file picked again was refused. */
export const refusePausedFile = (id: string, error: string): void => update(id, { error });

/** Takes a transfer off the list (a paused upload the user discarded). */
export function removeTransfer(id: string): void {
  inputs.delete(id);
  store.set((list) => list.filter((transfer) => transfer.id !== id));
}

/** The name the file was stored under (e.g. "report (1).pdf" when both were kept). */
export const renameTransfer = (id: string, name: string): void => update(id, { name });

/** What the stored file fails, once the storage event's checks are in. */
export const warnTransfer = (id: string, scan: ScanFacts): void => update(id, { scan });

/** Stops a running transfer, or takes a queued one out of the queue. */
export function cancelTransfer(id: string): void {
  const transfer = store.get().find((entry) => entry.id === id);
  if (transfer?.state === 'queued') finish(id, 'cancelled');
  else controllers.get(id)?.abort();
}

/** Queues a failed or cancelled transfer again, with the same work. */
export function retryTransfer(id: string): Promise<TransferState> | undefined {
  const transfer = store.get().find((entry) => entry.id === id);
  if (!transfer || (transfer.state !== 'failed' && transfer.state !== 'cancelled')) return undefined;
  const ended = new Promise<TransferState>((resolve) => settled.set(id, [resolve]));
  update(id, { state: 'queued', loaded: 0, error: undefined });
  pump();
  return ended;
}

/** Takes finished transfers (done, failed, cancelled) off the list. */
export function clearFinishedTransfers(): void {
  const finished = new Set(store.get().filter((transfer) => transfer.state !== 'queued' && transfer.state !== 'running' && transfer.state !== 'paused').map((transfer) => transfer.id));
  for (const id of finished) inputs.delete(id);
  store.set((list) => list.filter((transfer) => !finished.has(transfer.id)));
}

export interface TransferSummary {
  active: number;
  /** Cut off by a reload, waiting for their files. */
  paused: number;
  done: number;
  failed: number;
  total: number;
}

export const summarize = (list: readonly Transfer[]): TransferSummary => ({
  active: list.filter((transfer) => transfer.state === 'queued' || transfer.state === 'running').length,
  paused: list.filter((transfer) => transfer.state === 'paused').length,
  done: list.filter((transfer) => transfer.state === 'done').length,
  failed: list.filter((transfer) => transfer.state === 'failed').length,
  total: list.length,
});

/**
 * Lists the signed-in user's uploads cut off by a reload (kept in IndexedDB), once per user and
 * page: the small store module loads on its own, what resumes them only when a file is picked.
 */
let restoredFor: string | undefined;
/** upload-resume.ts's KEPT_FLAG: set while IndexedDB may hold an unfinished upload (read here without loading that module). */
const keptFlag = (): boolean => {
  try {
    return typeof indexedDB !== 'undefined' && localStorage.getItem('drive-uploads-kept') === '1';
  } catch {
    return false;
  }
};

function restoreUnfinished() {
  if (!keptFlag()) return;
  void import('./upload-resume.ts').then(async (kept) => {
    const owner = kept.signedInOwner();
    if (!owner || restoredFor === owner) return;
    const previous = restoredFor;
    restoredFor = owner;
    // Another user signed in on this page: the former one's unfinished uploads are not theirs to see.
    if (previous !== undefined) store.set((list) => list.filter((transfer) => transfer.state !== 'paused'));
    const listed = new Set(store.get().flatMap((transfer) => (transfer.resume ? [transfer.resume.item_id] : [])));
    for (const upload of await kept.unfinishedUploads(owner)) {
      if (restoredFor === owner && !listed.has(upload.item_id)) addPausedTransfer(upload, kept.storedBytes(upload));
    }
  }, () => undefined);
}

export const useTransfers = (): Transfer[] => {
  useEffect(restoreUnfinished, []);
  return useStore(store);
};
export const transfersNow = (): Transfer[] => store.get();

/** Whether the transfers drawer is open: the shell shows it, a batch's flash opens it. */
const panelOpen = createStore(false);
export const setTransfersPanelOpen = (open: boolean): void => panelOpen.set(open);
export const showTransfersPanel = (): void => panelOpen.set(true);
export const useTransfersPanelOpen = (): boolean => useStore(panelOpen);
