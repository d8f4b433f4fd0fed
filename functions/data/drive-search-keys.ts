import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';

/**
 * The keys of the drive search (docs/drive.md "Search"; the queries are in drive-search.ts).
 *
 * - Every drive entry carries `srch_pk = T#<kyk>#SRCH#<bucket>`, the partition of four search GSIs
 *   whose sort keys are the entry's own attributes (`name_key`, `update_date`, `transaction_date`,
 *   `transaction_amount`; functions/lib/table-design.ts). The bucket (0..SEARCH_BUCKETS-1) comes from
 *   the entry's id and never changes, so the search index needs no write of its own when an entry is
 *   renamed, moved, trashed, restored, retagged or given new fields: the GSIs follow the item. The
 *   buckets spread a large contract's index over several partitions (no hot key); a search reads
 *   them all and merges.
 * - Name partial match: one gram item per distinct bigram of the entry's search form (NFKC,
 *   lower-case: full-width letters and digits become half-width), `T#<kyk>#NGRAM#<gram>#<bucket>` /
 *   `<search form>#<id>`, written and removed in the transaction that creates, renames or deletes
 *   the entry. A search reads the partitions of one gram of the query, filtered on the copy of the
 *   search form (`nm`) that the item carries, so the other grams of the query are checked where
 *   the items are read and only true matches come back.
 */
export const SEARCH_BUCKETS = 4;
/** Distinct grams indexed per name: a rename rewrites them all in its transaction (at most 100 actions). */
export const NAME_GRAMS_MAX = 45;

/** FNV-1a of the id, a stable bucket. */
export function searchBucket(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SEARCH_BUCKETS;
}

export const searchPartition = (kykId: string, bucket: number): string => `${tenantPrefix(kykId)}#SRCH#${bucket}`;

/** The search GSIs' partition key of an entry (set with its listing keys). */
export const searchKeys = (item: { kyk_id: string; id: string }) => ({ srch_pk: searchPartition(item.kyk_id, searchBucket(item.id)) });

/** The form names are matched in: NFKC (full-width ASCII to half-width, half-width kana to full-width), lower-case. */
export const searchForm = (text: string): string => text.normalize('NFKC').toLowerCase();

/** Distinct bigrams of a search form, in order of first appearance. */
export function bigrams(form: string): string[] {
  const chars = [...form];
  const grams = new Set<string>();
  for (let index = 0; index + 1 < chars.length; index++) grams.add(chars[index]! + chars[index + 1]!);
  return [...grams];
}

/** The grams a name is indexed under: its first NAME_GRAMS_MAX distinct bigrams (a one-character name: itself). */
export function nameGrams(name: string): string[] {
  const form = searchForm(name);
  const grams = [...form].length === 1 ? [form] : bigrams(form);
  return grams.slice(0, NAME_GRAMS_MAX);
}

export const gramPartition = (kykId: string, gram: string, bucket: number): string => `${tenantPrefix(kykId)}#NGRAM#${gram}#${bucket}`;

export const gramKey = (kykId: string, gram: string, id: string, name: string): Keys => ({
  pk: gramPartition(kykId, gram, searchBucket(id)),
  sk: `${searchForm(name)}#${id}`,
});

/** The transaction actions that index an entry's name (its grams). */
export const gramPuts = (entry: { kyk_id: string; id: string; name: string }): LabelledItem[] =>
  nameGrams(entry.name).map((gram, index) => ({
    label: `gramPut${index}`,
    Put: { TableName: table(), Item: { ...gramKey(entry.kyk_id, gram, entry.id, entry.name), type: 'name-gram', item_id: entry.id, nm: searchForm(entry.name) } },
  }));

/** The transaction actions that remove an entry's name from the index. */
export const gramDeletes = (entry: { kyk_id: string; id: string; name: string }): LabelledItem[] =>
  nameGrams(entry.name).map((gram, index) => ({
    label: `gramDelete${index}`,
    Delete: { TableName: table(), Key: gramKey(entry.kyk_id, gram, entry.id, entry.name) },
  }));

/** A tag on an entry, as an attribute of the entry itself (set and removed with the tag's link): the search filters on it. */
export const tagAttribute = (tagId: string): string => `tag_${tagId}`;
