import { useMemo } from 'react';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';
import { useTaggedItemsPage, type ListTaggedItemsResponse } from './list-tagged-items.ts';

export type ListAttentionRequest = RouteRequest<'com_drive/attention_list'>;
export type AttentionEntry = RouteResponse<'com_drive/attention_list'>['items'][number];

/** The "Needs attention" filter's id among the drive page's drive-wide lists (never a tag's: those are UUIDs). */
export const ATTENTION_FILTER = 'attention';

/** The "Needs attention" filter: one page of the files needing attention that the caller reaches; `null` waits. */
export const useAttentionPage = (request: ListAttentionRequest | null) => usePagedApi('com_drive/attention_list', request);

/** Reads the "Needs attention" list again (after a change that may take a file out of it, e.g. its read fields confirmed). */
export const refreshAttention = (): Promise<unknown> => revalidateApi('com_drive/attention_list');

/**
 * The drive page's drive-wide list in one shape: a tag's entries (the tag filter), or the files
 * needing attention (`ATTENTION_FILTER`), each entry with its place; undefined `filterId` waits.
 */
export function useDriveWidePage(filterId: string | undefined, pageSize: 50 | 100 | 1000, cursor: string | undefined) {
  const paged = { page_size: pageSize, ...(cursor ? { cursor } : {}) };
  const attention = filterId === ATTENTION_FILTER;
  const tagged = useTaggedItemsPage(filterId && !attention ? { tag_id: filterId, ...paged } : null);
  const needing = useAttentionPage(attention ? paged : null);
  // The same object while the answer is (the page memoises on it).
  const answer = needing.current;
  const current = useMemo((): ListTaggedItemsResponse | undefined => answer && { tag: { id: ATTENTION_FILTER, name: '', scope: 'common' }, items: answer.items, next_cursor: answer.next_cursor }, [answer]);
  if (!attention) return { current: tagged.current, error: tagged.error, mutate: () => tagged.mutate() };
  return { current, error: needing.error, mutate: () => needing.mutate() };
}
