import type { DragEvent } from 'react';

/** The drag of drive entries (not desktop files, which carry 'Files'): the dragged ids as JSON. */
export const DRIVE_ENTRIES_TYPE = 'application/x-drive-entries';

export const carriesEntries = (data: DataTransfer | null): boolean => !!data && Array.from(data.types).includes(DRIVE_ENTRIES_TYPE);

/** Ctrl (Cmd on a Mac) or Alt held at the drop: a copy instead of a move. */
export const copies = (event: { ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean => event.ctrlKey || event.altKey || event.metaKey;

/** Starts dragging entries: the selection when the dragged row is in it, else that row alone. */
export function startEntriesDrag(event: DragEvent<HTMLElement>, ids: string[], label: string): void {
  event.dataTransfer.setData(DRIVE_ENTRIES_TYPE, JSON.stringify(ids));
  event.dataTransfer.setData('text/plain', label);
  event.dataTransfer.effectAllowed = 'copyMove';
}

/** The ids a drop carries (an empty list when it is not a drag of drive entries). */
export function droppedIds(data: DataTransfer): string[] {
  try {
    const parsed: unknown = JSON.parse(data.getData(DRIVE_ENTRIES_TYPE) || '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Over a drop target: allowed (and the effect shown) when drive entries are dragged. */
export function overTarget(event: DragEvent<HTMLElement> | globalThis.DragEvent, target: HTMLElement): boolean {
  if (!carriesEntries(event.dataTransfer)) return false;
  event.preventDefault();
  event.dataTransfer!.dropEffect = copies(event) ? 'copy' : 'move';
  target.classList.add('drive-name-drop');
  return true;
}
