import type { DocumentStyle, FolderRef, SearchSortItem } from '#shared/schemas/drive.ts';
import type { DriveLevel } from '#shared/routes/define.ts';
import { folderPaths, isAbandoned, isLivePath, isTrashed, ROOT_ID, type ItemRecord } from '#data/drive-items.ts';
import { searchForm, searchPage, type SearchPlan } from '#data/drive-search.ts';
import { tagAttribute } from '#data/drive-search-keys.ts';
import { levelUnder, type DriveViewer } from './folder-access.ts';
import { governing, seesInTrash, trashLevel } from './reach.ts';
import { isBookkeepingChange } from './bookkeeping.ts';
import { meetsPropertyCondition, type PropertyMatch } from '#domain/property-values.ts';

/**
 * The drive search's rule (docs/drive.md "Search"): which entries a set of conditions matches, and
 * which of those the viewer may see. The data layer (functions/data/drive-search.ts) reads the
 * entries in order within a read budget; everything it reads passes through `matchers` and then the
 * same trash and folder-permission rule as a folder page (reach.ts `governing`, folder-access.ts
 * `levelUnder`), so an index never decides alone what is shown.
 *
 * Extension point: a condition is a `Matcher` built in `searchMatchers`. The property items add
 * theirs there (a text part, a range, or a value on the file's `properties`); they never drive a
 * search: a selective one would need a sparse GSI on its attribute beside `srch-txd`/`srch-amt`
 * with its entry in `planFor`.
 */
export interface SearchConditions {
  name?: string;
  tagIds?: string[];
  documentStyles?: DocumentStyle[];
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
  partner?: string;
  /** The qualified invoice number, normalised (exact match). */
  invoiceNumber?: string;
  /** Property-item conditions, checked against the definitions (property-values.ts `checkPropertyConditions`). */
  properties?: PropertyMatch[];
  /** Bookkeeping documents deleted logically (in the trash) match too: for viewers who see the contract's trash. */
  includeDeleted?: boolean;
  /** Only this folder and below (ROOT_ID or absent: the whole drive). */
  scopeId?: string;
}

type Matcher = (item: ItemRecord) => boolean;

const isFile = (item: ItemRecord) => item.type === 'file';
const within = <T extends string | number>(value: T | undefined, from: T | undefined, to: T | undefined) =>
  value !== undefined && (from === undefined || value >= from) && (to === undefined || value <= to);

/** The conditions as matchers, all of which an entry must pass. */
export function searchMatchers(conditions: SearchConditions): Matcher[] {
  const matchers: Matcher[] = [];
  if (conditions.name !== undefined) {
    const query = searchForm(conditions.name);
    matchers.push((item) => searchForm(item.name).includes(query));
  }
  for (const tagId of conditions.tagIds ?? []) matchers.push((item) => (item as unknown as Record<string, unknown>)[tagAttribute(tagId)] === true);
  if (conditions.documentStyles?.length) {
    const styles = conditions.documentStyles;
    matchers.push((item) => isFile(item) && styles.includes(item.document_style ?? 'general'));
  }
  if (conditions.dateFrom !== undefined || conditions.dateTo !== undefined) {
    matchers.push((item) => isFile(item) && within(item.transaction_date, conditions.dateFrom, conditions.dateTo));
  }
  if (conditions.amountMin !== undefined || conditions.amountMax !== undefined) {
    matchers.push((item) => isFile(item) && within(item.transaction_amount, conditions.amountMin, conditions.amountMax));
  }
  if (conditions.partner !== undefined) {
    const partner = searchForm(conditions.partner);
    matchers.push((item) => isFile(item) && [item.recipient, item.provider].some((value) => value !== undefined && searchForm(value).includes(partner)));
  }
  if (conditions.invoiceNumber !== undefined) {
    const number = conditions.invoiceNumber;
    matchers.push((item) => isFile(item) && item.invoice_number === number);
  }
  for (const match of conditions.properties ?? []) matchers.push((item) => isFile(item) && meetsPropertyCondition(item.properties, match, searchForm));
  return matchers;
}

/** What the data layer reads: the sort's order, with a key-condition range where the sort field has one, and the partner for the partner index. */
export function planFor(conditions: SearchConditions, sort: SearchSortItem, ascending: boolean): SearchPlan {
  const plan: SearchPlan = { sort, ascending, ...(conditions.name !== undefined ? { name: searchForm(conditions.name) } : {}) };
  if (sort === 'transaction_date' && (conditions.dateFrom !== undefined || conditions.dateTo !== undefined)) plan.range = { from: conditions.dateFrom, to: conditions.dateTo };
  if (sort === 'transaction_amount' && (conditions.amountMin !== undefined || conditions.amountMax !== undefined)) plan.range = { from: conditions.amountMin, to: conditions.amountMax };
  // The e-bookkeeping search: by transaction date with a partner, the partner index may drive (the
  // data layer decides from the partner names that contain the query); the amount range is then
  // filtered where its keys are read.
  if (sort === 'transaction_date' && conditions.partner !== undefined) {
    plan.partner = searchForm(conditions.partner);
    if (conditions.amountMin !== undefined || conditions.amountMax !== undefined) plan.amount = { from: conditions.amountMin, to: conditions.amountMax };
  }
  return plan;
}

/** A live entry as the search shows it: not in the trash, not an upload in progress, not an unpublished copy. */
const isShown = (item: ItemRecord): boolean =>
  !isTrashed(item) && !isAbandoned(item) && item.status === 'ready' && (item as { copy_job?: string }).copy_job === undefined;

/** A bookkeeping document deleted logically: in the trash itself (not purging), kept for its retention. */
const isDeletedDocument = (item: ItemRecord): boolean =>
  item.type === 'file' && item.trashed_date !== undefined && !item.purging && item.status === 'ready' && isBookkeepingChange(item);

export interface SearchHit {
  item: ItemRecord;
  level: DriveLevel;
  path: FolderRef[];
}

export interface SearchResult {
  hits: SearchHit[];
  nextCursor: string | null;
  reads: number;
  capped: boolean;
}

/**
 * One page of a search for the viewer. Undefined for a cursor that is not one of this search's.
 * The read budget bounds the items read (index items, entries, folders on their paths).
 */
export async function searchDrive(
  viewer: DriveViewer,
  conditions: SearchConditions,
  options: { sort: SearchSortItem; ascending: boolean; pageSize: number; cursor?: string; maxReads: number },
): Promise<SearchResult | undefined> {
  const matchers = searchMatchers(conditions);
  const scopeId = conditions.scopeId && conditions.scopeId !== ROOT_ID ? conditions.scopeId : undefined;
  const paths = new Map<string, SearchHit>();
  const page = await searchPage(viewer.kykId, {
    plan: planFor(conditions, options.sort, options.ascending),
    pageSize: options.pageSize,
    ...(options.cursor ? { cursor: options.cursor } : {}),
    maxReads: options.maxReads,
    async accept(items, reads) {
      // Deleted documents are found by those who see the contract's trash, wherever they were (docs/e-bookkeeping.md).
      const deletedToo = conditions.includeDeleted === true && (viewer.rights.admin || viewer.rights.drive >= 3) && scopeId === undefined;
      const candidates = items.filter((item) => (isShown(item) || (deletedToo && isDeletedDocument(item))) && matchers.every((match) => match(item)));
      if (candidates.length === 0) return [];
      const chains = await folderPaths(viewer.kykId, candidates.map((item) => item.parent_id), { onRead: reads.add });
      return candidates.filter((item) => {
        const path = chains.get(item.parent_id)!;
        if (item.trashed_date !== undefined) {
          // The trash rule (reach.ts): where it was while that place reads to the root, else the settings recorded when trashed.
          const level = trashLevel(viewer, item, path);
          if (!seesInTrash(viewer, item, level)) return false;
          paths.set(item.id, { item, level, path: isLivePath(path) ? path.chain.map(({ id, name }) => ({ id, name })) : [] });
          return true;
        }
        // Under a trashed folder, a folder gone, or an unpublished copy: not there.
        if (!isLivePath(path) || path.chain.some((folder) => folder.hidden)) return false;
        // The subtree: the scope folder is on the entry's path (the path is read as it is now, so a move needs no rewrite).
        if (scopeId !== undefined && !path.chain.some((folder) => folder.id === scopeId)) return false;
        const level = levelUnder(governing(item, path.chain), viewer);
        if (level < 1) return false;
        paths.set(item.id, { item, level, path: path.chain.map(({ id, name }) => ({ id, name })) });
        return true;
      });
    },
  });
  if (!page) return undefined;
  return { hits: page.items.map((item) => paths.get(item.id)!), nextCursor: page.nextCursor, reads: page.reads, capped: page.capped };
}
