import type { MsgLevel } from '@shared/codes.ts';
import { createStore, useStore } from './store.ts';

/**
 * The error modal of SPEC.md §2 ("shows a message with an optional confirm callback"), driven by a
 * store so the API client can open it from outside React. One dialog at a time, the rest queue.
 */
export interface ErrorDialog {
  id: number;
  message: string;
  level: MsgLevel;
  /** Per-field messages of an input error, listed under the message. */
  details?: string[];
  /** Shown as the reference to quote to support. */
  requestId?: string;
  /** With a confirm action the modal offers Cancel and this action; without it, only Close. */
  confirm?: { label: string; onConfirm: () => void | Promise<void> };
  onClose?: () => void;
}

export type ErrorDialogInput = Omit<ErrorDialog, 'id' | 'level'> & { level?: MsgLevel };

const store = createStore<ErrorDialog[]>([]);
let nextId = 1;

export function showErrorModal(input: ErrorDialogInput): number {
  const queue = store.get();
  // The same message twice (parallel calls failing alike) is shown once.
  const same = queue.find((dialog) => dialog.message === input.message && !dialog.confirm && !input.confirm);
  if (same) return same.id;
  const dialog: ErrorDialog = { level: 'ERROR', ...input, id: nextId++ };
  store.set([...queue, dialog]);
  return dialog.id;
}

export function closeErrorModal(id: number): void {
  const dialog = store.get().find((entry) => entry.id === id);
  store.set(store.get().filter((entry) => entry.id !== id));
  dialog?.onClose?.();
}

export const useCurrentErrorDialog = (): ErrorDialog | undefined => useStore(store)[0];
