import { applyDensity, applyMode, Density, Mode } from '@cloudscape-design/global-styles';
import { createStore, useStore } from './store.ts';

/**
 * Cloudscape's dark mode and compact density, chosen in the user menu or the profile: remembered in
 * the browser for the next first paint, and kept on the server per user (user_setting_save_btn).
 */
export interface VisualMode {
  dark: boolean;
  compact: boolean;
}

const KEY = 'visual_mode';

function read(): VisualMode {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<VisualMode> | null;
    if (stored) return { dark: !!stored.dark, compact: !!stored.compact };
  } catch {
    // storage unavailable or garbled
  }
  return { dark: systemPrefersDark(), compact: false };
}

/** Whether the system asks for dark colours (the "same as the system" visual mode). */
export const systemPrefersDark = (): boolean => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

const store = createStore<VisualMode>(read());

const apply = ({ dark, compact }: VisualMode) => {
  applyMode(dark ? Mode.Dark : Mode.Light);
  applyDensity(compact ? Density.Compact : Density.Comfortable);
};

export const applyVisualMode = (): void => apply(store.get());

export function setVisualMode(change: Partial<VisualMode>): void {
  const next = { ...store.get(), ...change };
  store.set(next);
  apply(next);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage unavailable
  }
}

export const useVisualMode = (): VisualMode => useStore(store);
