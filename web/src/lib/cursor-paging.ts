import { useState } from 'react';
import type { PaginationProps } from '@cloudscape-design/components/pagination';

/** The cursors met so far and the page shown, valid for one list, filter, sort and page size (its `scope`). */
interface PagingState {
  scope: string;
  cursors: (string | undefined)[];
  index: number;
}

const first = (scope: string): PagingState => ({ scope, cursors: [undefined], index: 0 });

/**
 * Cursor paging of the drive's lists (the server answers a page and the next page's cursor): pages
 * already seen can be gone back to, the next one opened from the shown page's cursor, and a change
 * of `scope` starts again from the first page without an effect (the state belongs to its scope).
 * Render with `<CollectionPagination {...paging.paginationProps(page?.next_cursor)} />`.
 */
export function useCursorPaging(scope: string) {
  const [state, setState] = useState<PagingState>(() => first(scope));
  const paging = state.scope === scope ? state : first(scope);
  return {
    /** The cursor of the page to read (undefined: the first). */
    cursor: paging.cursors[paging.index],
    /** The page shown, from 0. */
    index: paging.index,
    /** Back to the first page (e.g. when an action emptied the page shown). */
    reset: () => setState(first(scope)),
    /** Cloudscape Pagination's props, from the shown page's next cursor (null on the last page). */
    paginationProps: (nextCursor: string | null | undefined): Pick<PaginationProps, 'currentPageIndex' | 'pagesCount' | 'openEnd' | 'onChange'> => {
      const isLastKnown = paging.index === paging.cursors.length - 1;
      return {
        currentPageIndex: paging.index + 1,
        pagesCount: paging.cursors.length,
        openEnd: isLastKnown && !!nextCursor,
        onChange: ({ detail }) => {
          const index = detail.currentPageIndex - 1;
          if (index < paging.cursors.length) setState({ ...paging, index });
          else if (index === paging.cursors.length && isLastKnown && nextCursor) setState({ ...paging, cursors: [...paging.cursors, nextCursor], index });
        },
      };
    },
  };
}
