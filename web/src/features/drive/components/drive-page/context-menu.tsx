import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Icon from '@cloudscape-design/components/icon';
import type { ResolvedCommand } from './commands.tsx';
import type { DriveCommandId } from './command-rules.ts';
import './context-menu.css';

/**
 * The drive's context menu (right-click on an entry, the menu key or Shift+F10), loaded on first use:
 * Cloudscape has none, so a small ARIA menu at the pointer.
 *
 * Props: `x`, `y` (viewport pixels; the menu stays inside the window), `commands` (commands.tsx's
 * `command(id, items)` for the entries it acts on: text, icon, shortcut, disabled and its reason),
 * `label` (the menu's accessible name), `onRun(id)` and `onClose()` (Escape, Tab, a click outside, a
 * command run; the focus goes back where it was).
 *
 * Keys: ArrowUp/ArrowDown/Home/End move, Enter or Space runs, Escape or Tab closes. A disabled
 * command stays in the menu, focusable, with its reason read after its name.
 */
export function DriveContextMenu({ x, y, commands, label, onRun, onClose }: {
  x: number;
  y: number;
  commands: ResolvedCommand[];
  label: string;
  onRun: (id: DriveCommandId) => void;
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState({ left: x, top: y });
  const [focus, setFocus] = useState(() => Math.max(0, commands.findIndex((command) => !command.disabled)));
  const before = useRef<Element | null>(null);

  // Inside the window: flipped to the left or up when the pointer is near an edge.
  useLayoutEffect(() => {
    const box = menu.current?.getBoundingClientRect();
    if (!box) return;
    setAt({ left: Math.max(4, Math.min(x, window.innerWidth - box.width - 4)), top: Math.max(4, y + box.height > window.innerHeight - 4 ? y - box.height : y) });
  }, [x, y]);

  useEffect(() => {
    before.current = document.activeElement;
    const outside = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', outside, true);
    window.addEventListener('blur', onClose);
    return () => {
      document.removeEventListener('mousedown', outside, true);
      window.removeEventListener('blur', onClose);
      if (before.current instanceof HTMLElement && document.contains(before.current)) before.current.focus();
    };
  }, [onClose]);

  useEffect(() => {
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focus]?.focus();
  }, [focus]);

  const run = (command: ResolvedCommand) => {
    if (command.disabled) return;
    onClose();
    onRun(command.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = commands.length - 1;
    const moves: Record<string, number> = { ArrowDown: focus === last ? 0 : focus + 1, ArrowUp: focus === 0 ? last : focus - 1, Home: 0, End: last };
    if (event.key in moves) setFocus(moves[event.key]!);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else if (event.key === 'Enter' || event.key === ' ') run(commands[focus]!);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={menu} role="menu" aria-label={label} className="drive-context-menu" style={at} onKeyDown={onKeyDown} data-testid="drive-context-menu" onContextMenu={(event) => event.preventDefault()}>
      {commands.map((command, index) => (
        <div
          key={command.id}
          role="menuitem"
          tabIndex={index === focus ? 0 : -1}
          aria-disabled={command.disabled || undefined}
          aria-keyshortcuts={command.shortcut}
          data-command={command.id}
          className="drive-context-item"
          onClick={() => run(command)}
          onMouseEnter={() => setFocus(index)}
        >
          <span className="drive-context-icon">{command.iconName && <Icon name={command.iconName} />}</span>
          <span className="drive-context-text">
            {command.text}
            {command.disabledReason && <span className="drive-context-reason">{command.disabledReason}</span>}
          </span>
          {command.shortcut && <kbd className="drive-context-key">{command.shortcut}</kbd>}
        </div>
      ))}
    </div>
  );
}
