import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, pageSize, sortFlag } from '../validation.ts';

/**
 * The paged list of SPEC.md §3: the request names a sort item, direction, page size and page; the
 * answer repeats them with the total and the rows. Every administration list uses it.
 */
export const pagedListRequest = <const S extends readonly [string, ...string[]]>(sortItems: S) => ({
  sort_item: z.enum(sortItems, { error: 'validation.invalidValue' }).default(sortItems[0] as never),
  sort_flg: sortFlag.default(1),
  page_size: pageSize.default(DEFAULT_PAGE_SIZE),
  current_page: z.number({ error: 'validation.invalidValue' }).int().min(1, { error: 'validation.invalidValue' }).max(100_000).default(1),
});

export const pagedListResponse = <R extends z.ZodType>(row: R) =>
  z.object({
    sort_item: z.string(),
    sort_flg: z.number(),
    page_size: z.number(),
    current_page: z.number(),
    total_size: z.number(),
    /**
     * 0: `total_size` is a lower bound, because counting every match of a filter would read more
     * than COUNT_EVALUATION_CAP items (functions/lib/data/query.ts); the SPA pages open-ended then.
     * Absent or 1: exact.
     */
    total_exact: z.union([z.literal(0), z.literal(1)]).optional(),
    return_list: z.array(row),
  });
