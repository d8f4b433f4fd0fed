import type { ReactNode } from 'react';
import { createStore, useStore } from './store.ts';

/**
 * What the app's live region (components/a11y.tsx `LiveRegion`) says to a screen reader: flash
 * messages as they appear, and the new page's title after a navigation. Each announcement gets a new
 * `seq` so the same words said twice are said twice (the region re-renders its text).
 */
export interface Announcement {
  seq: number;
  message: ReactNode;
}

const store = createStore<Announcement | null>(null);
let seq = 0;

export function announce(message: ReactNode): void {
  if (message === undefined || message === null || message === '') return;
  store.set({ seq: ++seq, message });
}

export const useAnnouncement = (): Announcement | null => useStore(store);
