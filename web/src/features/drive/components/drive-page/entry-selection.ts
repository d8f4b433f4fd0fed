import { useRef, type HTMLAttributes, type MouseEvent as ReactMouseEvent } from 'react';
import type { DriveItem } from '../../api/get-file-info.ts';

/**
 * What the grid and the phone list share with the table (docs/drive.md "Needs attention, markers
 * and views"): the page's one selection, read as ids and changed as entries, so every rendering
 * drives the same actions. Click selects one, Ctrl/Cmd-click toggles, Shift-click extends from
 * the last entry clicked (the anchor), as file managers do.
 */
export interface EntryViewProps {
  items: DriveItem[];
  selectedIds: readonly string[];
  onSelectionChange: (items: DriveItem[]) => void;
  /** A folder opens; a file opens its preview. */
  onOpen: (item: DriveItem) => void;
  /** Right-click, the menu key or Shift+F10 on an entry (the entry is selected first when it was not). */
  onContextMenu?: ((event: ReactMouseEvent<HTMLElement>, item: DriveItem) => void) | undefined;
  favoriteIds?: ReadonlySet<string> | undefined;
  /** More attributes of an entry's element: what dragging (an entry as a source, a folder as a target) attaches. */
  entryProps?: ((item: DriveItem) => HTMLAttributes<HTMLElement>) | undefined;
}

export function useEntrySelection({ items, selectedIds, onSelectionChange }: Pick<EntryViewProps, 'items' | 'selectedIds' | 'onSelectionChange'>) {
  const anchor = useRef<string | undefined>(undefined);
  const selected = new Set(selectedIds);
  const emit = (ids: Set<string>) => onSelectionChange(items.filter((item) => ids.has(item.id)));
  const rangeTo = (index: number): string[] => {
    const from = Math.max(0, items.findIndex((item) => item.id === anchor.current));
    const [low, high] = from <= index ? [from, index] : [index, from];
    return items.slice(low, high + 1).map((item) => item.id);
  };

  /** A click or Space with its modifier keys. */
  const pick = (index: number, how: { toggle?: boolean; extend?: boolean }) => {
    const item = items[index];
    if (!item) return;
    if (how.extend && anchor.current) {
      emit(new Set([...(how.toggle ? selected : []), ...rangeTo(index)]));
      return;
    }
    anchor.current = item.id;
    if (how.toggle) {
      const next = new Set(selected);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      emit(next);
    } else emit(new Set([item.id]));
  };

  /** Before a context menu: the entry joins the selection's place if it was not in it. */
  const ensureSelected = (item: DriveItem) => {
    if (selected.has(item.id)) return;
    anchor.current = item.id;
    emit(new Set([item.id]));
  };

  return { selected, pick, ensureSelected, selectAll: () => emit(new Set(items.map((item) => item.id))), clear: () => emit(new Set()) };
}
