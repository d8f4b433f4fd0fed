import { useEffect, useRef } from 'react';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { announce } from './announcer.ts';
import { createStore, useStore } from './store.ts';

/** Flash messages shown in the app layout's notification area (upload and download progress, results). */
export type Notification = FlashbarProps.MessageDefinition & { id: string };

const store = createStore<Notification[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** When each message first appeared (a page's message is older than the navigation that leaves it). */
const shownAt = new Map<string, number>();
/** Messages that follow the user to other pages: work in progress (uploads, downloads, jobs) and its outcome. */
const following = new Set<string>();
let counter = 0;

/**
 * A message this young when the page changes came with the change (a save that goes back to its
 * list, a sign-out that goes to /login): it is the new page's, not the old one's.
 */
export const NAVIGATION_GRACE_MS = 1500;

export const newNotificationId = (prefix = 'n'): string => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** How long a success message stays when the caller does not say. */
export const SUCCESS_DISMISS_MS = 8000;

/**
 * Adds or replaces (same id) a notification; `autoDismissMs` removes it later. Success messages
 * always dismiss themselves (after SUCCESS_DISMISS_MS unless told otherwise); the shell shows all
 * messages as one Flashbar stack. A message belongs to the page it appeared on and goes when the
 * user goes to another page, except work in progress (`in-progress` or `loading`), whatever later
 * replaces it under the same id (its outcome), and what the caller says must stay (`follows`).
 */
export function notify(notification: Notification, autoDismissMs?: number, options: { follows?: boolean } = {}): void {
  const { id } = notification;
  if (options.follows || notification.type === 'in-progress' || notification.loading) following.add(id);
  if (!shownAt.has(id)) shownAt.set(id, Date.now());
  const entry: Notification = {
    dismissible: true,
    onDismiss: () => dismiss(id),
    ...notification,
  };
  const before = store.get().find((item) => item.id === id);
  store.set((list) => (before ? list.map((item) => (item.id === id ? entry : item)) : [entry, ...list]));
  // Said to a screen reader when it appears or changes kind (in progress -> done), not on every progress tick.
  if (!before || before.type !== entry.type || !!before.loading !== !!entry.loading) announce(entry.header ?? entry.content);
  clearTimeout(timers.get(id));
  timers.delete(id);
  const after = autoDismissMs ?? (notification.type === 'success' ? SUCCESS_DISMISS_MS : undefined);
  if (after) timers.set(id, setTimeout(() => dismiss(id), after));
}

export function dismiss(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  shownAt.delete(id);
  following.delete(id);
  store.set((list) => list.filter((item) => item.id !== id));
}

export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  shownAt.clear();
  following.clear();
  store.set([]);
}

/** The user went to another page: the old page's messages go (see `notify` for those that stay). */
export function clearPageNotifications(now = Date.now()): void {
  for (const { id } of store.get()) {
    if (!following.has(id) && (shownAt.get(id) ?? now) <= now - NAVIGATION_GRACE_MS) dismiss(id);
  }
}

/** For the app shell: clears the page's messages whenever the route's path changes (not on the first render). */
export function usePageNotifications(path: string): void {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    clearPageNotifications();
  }, [path]);
}

export const useNotifications = (): Notification[] => useStore(store);

/** The messages shown now, newest first (outside React). */
export const currentNotifications = (): Notification[] => store.get();
