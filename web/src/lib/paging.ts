import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, pageSizes } from '@shared/constants.ts';

/**
 * Server-side paging of the administration lists (SPEC.md §3 "paged list response", §9 page sizes):
 * the page, its size, the sort and the filter live here; the page goes back to 1 whenever the
 * filter, sort or size changes, without an effect (the page belongs to one "scope").
 */
export type PageSize = (typeof pageSizes)[number];
export type SortFlag = 1 | 2;
export { DEFAULT_PAGE_SIZE, pageSizes };

export const isPageSize = (value: unknown): value is PageSize => pageSizes.some((size) => size === value);

/** Pages needed for `total` rows, at least 1 (an empty list still shows page 1). */
export function pagesCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The page to ask for: 1..pagesCount (a page past the end after deletions becomes the last page). */
export function clampPage(page: number, total: number, pageSize: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), pagesCount(total, pageSize));
}

/** The text filter as sent: trimmed (full-width spaces too), absent when empty. */
export function searchKeyOf(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The page size a list starts with when the user has not chosen one for it: the user's setting (user_setting_info). */
let defaultPageSize: PageSize = DEFAULT_PAGE_SIZE as PageSize;
export const setDefaultPageSize = (size: PageSize): void => {
  defaultPageSize = size;
};

export function readPageSize(storageKey: string): PageSize {
  try {
    const stored = Number(localStorage.getItem(storageKey));
    if (isPageSize(stored)) return stored;
  } catch {
    // storage unavailable
  }
  return defaultPageSize;
}

export function writePageSize(storageKey: string, size: PageSize): void {
  try {
    localStorage.setItem(storageKey, String(size));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/** The value after it stopped changing for `delayMs` (typing in a filter sends one request). */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface PagedListState<S extends string> {
  /** What the user typed in the filter (shown as is). */
  filterText: string;
  setFilterText: (text: string) => void;
  /** The debounced, trimmed filter to send. */
  searchKey: string | undefined;
  sort: { item: S; flg: SortFlag };
  setSort: (sort: { item: S; flg: SortFlag }) => void;
  pageSize: PageSize;
  setPageSize: (size: PageSize) => void;
  page: number;
  setPage: (page: number) => void;
  /** Identifies the current filter + sort + size (+ extra scope): selections belong to one scope and page. */
  scope: string;
}

/**
 * List state of a server-side paged table. `extraScope` (e.g. the product area) also resets the page.
 * The page size is remembered per list under `storageKey`.
 */
export function usePagedListState<S extends string>(
  storageKey: string,
  initialSort: { item: S; flg: SortFlag },
  extraScope = '',
): PagedListState<S> {
  const [filterText, setFilterText] = useState('');
  const searchKey = searchKeyOf(useDebouncedValue(filterText));
  const [sort, setSort] = useState(initialSort);
  const [pageSize, setPageSizeState] = useState<PageSize>(() => readPageSize(storageKey));
  const scope = JSON.stringify([extraScope, searchKey ?? '', sort.item, sort.flg, pageSize]);
  const [pageState, setPageState] = useState({ scope, page: 1 });
  const page = pageState.scope === scope ? pageState.page : 1;
  return {
    filterText,
    setFilterText,
    searchKey,
    sort,
    setSort,
    pageSize,
    setPageSize: (size) => {
      setPageSizeState(size);
      writePageSize(storageKey, size);
    },
    page,
    setPage: (next) => setPageState({ scope, page: Math.max(1, Math.floor(next)) }),
    scope,
  };
}

/** Rows of a request still loading are not shown as its answer: compare what was asked. */
export const sameRequest = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A page past the end (the last rows were deleted elsewhere): go to the last page. */
export function useClampToLastPage(
  current: { return_list: readonly unknown[]; total_size: number } | undefined,
  list: { page: number; pageSize: number; setPage: (page: number) => void },
): void {
  const { page, pageSize, setPage } = list;
  useEffect(() => {
    if (current && current.return_list.length === 0 && current.total_size > 0 && page > 1) {
      setPage(clampPage(page, current.total_size, pageSize));
    }
  }, [current, page, pageSize, setPage]);
}

/** The rows selected on the shown page: another page, filter, sort or size starts with none selected. */
export function usePageSelection<T>(list: { scope: string; page: number }, items: readonly T[], idOf: (item: T) => string) {
  const scope = `${list.scope}|${list.page}`;
  const [selection, setSelection] = useState<{ scope: string; ids: string[] }>({ scope: '', ids: [] });
  const selectedIds = selection.scope === scope ? selection.ids : [];
  const selected = items.filter((item) => selectedIds.includes(idOf(item)));
  const select = (chosen: readonly T[]) => setSelection({ scope, ids: chosen.map(idOf) });
  return { selected, select, clear: () => select([]) };
}
