/**
 * Selection of the user-or-group picker, kept across pages and tabs: an ordered list of ids (group
 * ids and user IDs) plus the entries known for them (from the pages seen and the server's
 * `selected_list`), so the tokens can name every selected entry.
 */
export interface PickerEntry {
  id: string;
  user_group_id: string | null;
  user_id: string | null;
  user_group_nm: string;
  user_nm: string;
}

/** A group entry has a group id and no user ID (SPEC.md §3); the rest are users. */
export const isGroupEntry = (entry: Pick<PickerEntry, 'user_group_id' | 'user_id'>): boolean => !!entry.user_group_id && !entry.user_id;

/**
 * The selection after the table of one page changed: entries of other pages (and the other tab)
 * stay, the page's entries become exactly `pageSelected`, newly selected ones go last.
 */
export function applyPageSelection(selected: readonly string[], pageIds: readonly string[], pageSelected: readonly string[]): string[] {
  const onPage = new Set(pageIds);
  const chosen = new Set(pageSelected.filter((id) => onPage.has(id)));
  const kept = selected.filter((id) => !onPage.has(id) || chosen.has(id));
  const added = [...chosen].filter((id) => !kept.includes(id));
  return [...kept, ...added];
}

export const removeSelected = (selected: readonly string[], id: string): string[] => selected.filter((item) => item !== id);

/** Remembers entries by id (later answers win, so a renamed group shows its current name). */
export function rememberEntries<T extends PickerEntry>(known: ReadonlyMap<string, T>, entries: readonly T[]): Map<string, T> {
  if (entries.every((entry) => known.get(entry.id) === entry)) return known as Map<string, T>;
  const next = new Map(known);
  for (const entry of entries) next.set(entry.id, entry);
  return next;
}

/** The label of a token: a group's name, or "user name (user ID)". */
export const entryLabel = (entry: PickerEntry): string => (isGroupEntry(entry) ? entry.user_group_nm : `${entry.user_nm} (${entry.user_id ?? entry.id})`);
