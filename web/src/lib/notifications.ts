import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { announce } from './announcer.ts';
import { createStore, useStore } from './store.ts';

/** Flash messages shown in the app layout's notification area (upload and download progress, results). */
export type Notification = FlashbarProps.MessageDefinition & { id: string };

const store = createStore<Notification[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export const newNotificationId = (prefix = 'n'): string => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** How long a success message stays when the caller does not say. */
export const SUCCESS_DISMISS_MS = 8000;

/**
 * Adds or replaces (same id) a notification; `autoDismissMs` removes it later. Success messages
 * always dismiss themselves (after SUCCESS_DISMISS_MS unless told otherwise); the shell shows all
 * messages as one Flashbar stack.
 */
export function notify(notification: Notification, autoDismissMs?: number): void {
  const { id } = notification;
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
  store.set((list) => list.filter((item) => item.id !== id));
}

export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  store.set([]);
}

export const useNotifications = (): Notification[] => useStore(store);
