import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, pageSize, sortFlag } from '../validation.ts';

/**
 * The paged list of SPEC.md §3: the request names a sort item, direction, page size and page; the
 * answer repeats them with the total and the rows. Every administration list uses it.
 */
export const pagedListRequest = <const S extends readonly [string, ...string[]]>(sortItems: S) => ({
  sort_item: z._default(z.enum(sortItems, 'validation.invalidValue'), sortItems[0] as never),
  sort_flg: z._default(sortFlag, 1),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  current_page: z._default(z.number('validation.invalidValue').check(z.int(), z.gte(1, 'validation.invalidValue'), z.lte(100_000)), 1),
});

export const pagedListResponse = <R extends z.ZodMiniType>(row: R) =>
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
    total_exact: z.optional(z.union([z.literal(0), z.literal(1)])),
    return_list: z.array(row),
  });
