import { useEffect, useRef } from 'react';
import type { DriveCommandId } from './command-rules.ts';

/** What a key of the drive page does (the help dialog lists them; `?` opens it). */
export type ShortcutAction = DriveCommandId | 'help' | 'search' | 'selectAll' | 'clear' | 'menu';

/** The shortcuts and the help dialog's text key of each, in the help's order. */
export const driveShortcuts: { keys: string[]; action: ShortcutAction; text: string }[] = [
  { keys: ['?'], action: 'help', text: 'driveCommands.shortcuts.help' },
  { keys: ['/'], action: 'search', text: 'driveCommands.shortcuts.search' },
  { keys: ['Enter'], action: 'open', text: 'driveCommands.shortcuts.open' },
  { keys: ['F2'], action: 'rename', text: 'driveCommands.shortcuts.rename' },
  { keys: ['Delete'], action: 'trash', text: 'driveCommands.shortcuts.trash' },
  { keys: ['Ctrl+A'], action: 'selectAll', text: 'driveCommands.shortcuts.selectAll' },
  { keys: ['Esc'], action: 'clear', text: 'driveCommands.shortcuts.clear' },
  { keys: ['Shift+F10', '≣'], action: 'menu', text: 'driveCommands.shortcuts.menu' },
  { keys: ['←', '→'], action: 'open', text: 'driveCommands.shortcuts.previewArrows' },
];

/** The parts of a key event the guard reads (a DOM KeyboardEvent has them). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
  defaultPrevented?: boolean;
}

interface ElementLike {
  closest?: (selector: string) => unknown;
  isContentEditable?: boolean;
}

/** Where typing goes: never a shortcut there (a text field, a select, an editable region, a menu or list box being used). */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], [role="menu"], [role="listbox"]';

/**
 * The shortcut a key is, or undefined: never while typing in a field, never while a dialog is open
 * (`dialogOpen`), never with Alt or a second modifier. Ctrl/Cmd only with A.
 */
export function shortcutOf(event: KeyLike, dialogOpen: boolean): ShortcutAction | undefined {
  if (event.defaultPrevented || dialogOpen || event.altKey) return undefined;
  const target = event.target as ElementLike | null;
  if (target?.isContentEditable || target?.closest?.(TYPING)) return undefined;
  const modified = event.ctrlKey || event.metaKey;
  if (modified) return event.key.toLowerCase() === 'a' && !event.shiftKey ? 'selectAll' : undefined;
  if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') return 'menu';
  if (event.shiftKey && event.key !== '?') return undefined;
  switch (event.key) {
    case '?':
      return 'help';
    case '/':
      return 'search';
    case 'F2':
      return 'rename';
    case 'Delete':
      return 'trash';
    case 'Enter':
      return 'open';
    case 'Escape':
      return 'clear';
    default:
      return undefined;
  }
}

/** Whether a modal dialog is open on the page (Cloudscape's modals render role="dialog" while visible). */
export const dialogIsOpen = (root: ParentNode = document): boolean =>
  Array.from(root.querySelectorAll<HTMLElement>('[role="dialog"]')).some((dialog) => dialog.offsetParent !== null || dialog.getClientRects().length > 0);

/**
 * The drive page's keyboard: each key the guard lets through runs `onShortcut` (the page maps it to a
 * command, or to its own help, search, selection). Enter only from the table, the grid or the page
 * itself, so Enter on a button stays that button's.
 */
export function useDriveShortcuts(onShortcut: (action: ShortcutAction, event: KeyboardEvent) => boolean) {
  const handler = useRef(onShortcut);
  useEffect(() => {
    handler.current = onShortcut;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutOf(event, dialogIsOpen());
      if (!action) return;
      const target = event.target as HTMLElement | null;
      if ((action === 'open' || action === 'clear') && target?.closest('button, a, [role="button"], [role="link"]') && !target.closest('[data-drive-entries]')) return;
      if (handler.current(action, event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
