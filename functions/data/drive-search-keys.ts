import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { batchWrite } from '#lib/data/batch.ts';
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

/** The gram items that index an entry's name. */
export const gramItems = (entry: { kyk_id: string; id: string; name: string }): Record<string, unknown>[] =>
  nameGrams(entry.name).map((gram) => ({ ...gramKey(entry.kyk_id, gram, entry.id, entry.name), type: 'name-gram', item_id: entry.id, nm: searchForm(entry.name) }));

/** The transaction actions that index an entry's name (its grams). */
export const gramPuts = (entry: { kyk_id: string; id: string; name: string }): LabelledItem[] =>
  gramItems(entry).map((Item, index) => ({ label: `gramPut${index}`, Put: { TableName: table(), Item } }));

/** The transaction actions that remove an entry's name from the index. */
export const gramDeletes = (entry: { kyk_id: string; id: string; name: string }): LabelledItem[] =>
  nameGrams(entry.name).map((gram, index) => ({
    label: `gramDelete${index}`,
    Delete: { TableName: table(), Key: gramKey(entry.kyk_id, gram, entry.id, entry.name) },
  }));

/** A tag on an entry, as an attribute of the entry itself (set and removed with the tag's link): the search filters on it. */
export const tagAttribute = (tagId: string): string => `tag_${tagId}`;

/*
 * The partner index (docs/drive.md "Search", "Partner"): the e-bookkeeping search (transaction date
 * range + amount range + trading partner) reads only the partner's files in the date range.
 *
 * - One partner key item per distinct partner value of a confirmed file that carries a transaction
 *   date: `T#<kyk>#PTNR#<partner>` / `<transaction date>#<id>`, with the amount (`amt`) for the
 *   amount range's filter. `<partner>` is the recipient's or provider's search form (the
 *   normalisation the partner condition matches in). Written when the file is confirmed, copied or
 *   given new fields (`replace`), removed when it is deleted for good, in those transactions; the
 *   trash leaves it (the entry is read back and checked, as for the gram items).
 * - The partner names: one item per partner value ever indexed, `T#<kyk>#PTNRS#<bucket>` /
 *   `<partner>` (bucket from the value), Put before the transaction that indexes a file (a name
 *   without files costs an empty read, never a wrong answer). The partner condition matches any part
 *   of a partner, so a search first reads the names that contain the query and then the index of
 *   each; when too many names match, or the contract has too many, the search falls back to the
 *   transaction-date GSI with the partner checked on the entries read (drive-search.ts).
 * - The amount bands: a file with an amount also has, per partner value, a key item in the partition
 *   of the amount's decimal order of magnitude (`T#<kyk>#PTNA#<band>#<partner>` / `<date>#<id>`,
 *   band 0 for 0-9 yen, 6 for 1,000,000-9,999,999), written and removed with the partner key in the
 *   same transactions. A search with an amount range spanning at most PARTNER_AMOUNT_BANDS_MAX bands
 *   reads those bands only: a range of ¥1,000,000-3,000,000 reads that partner's documents of a
 *   quarter between ¥1,000,000 and ¥9,999,999, not all of them.
 */

/** The amount band of an amount: its order of magnitude (the number of its digits less one). */
export const amountBand = (amount: number): number => String(Math.max(0, Math.trunc(amount))).length - 1;

/** The bands an amount range touches, from its lower band to its upper (an open end: the band of 0 or of the largest amount). */
export function amountBands(range: { from?: number | string | undefined; to?: number | string | undefined }, largest: number): number[] {
  const low = amountBand(typeof range.from === 'number' ? range.from : 0);
  const high = amountBand(typeof range.to === 'number' ? range.to : largest);
  return Array.from({ length: Math.max(0, high - low + 1) }, (_, index) => low + index);
}

/** The search forms of an entry's partners (recipient, provider), distinct. */
export function partnerForms(entry: { recipient?: string | undefined; provider?: string | undefined }): string[] {
  const forms = [entry.recipient, entry.provider].filter((value): value is string => typeof value === 'string' && value.trim() !== '').map(searchForm);
  return [...new Set(forms)];
}

export const partnerPartition = (kykId: string, partner: string): string => `${tenantPrefix(kykId)}#PTNR#${partner}`;

export const partnerKey = (kykId: string, partner: string, date: string, id: string): Keys => ({ pk: partnerPartition(kykId, partner), sk: `${date}#${id}` });

export const partnerAmountPartition = (kykId: string, band: number, partner: string): string => `${tenantPrefix(kykId)}#PTNA#${band}#${partner}`;

export const partnerAmountKey = (kykId: string, band: number, partner: string, date: string, id: string): Keys => ({ pk: partnerAmountPartition(kykId, band, partner), sk: `${date}#${id}` });

export const partnerNamesPartition = (kykId: string, bucket: number): string => `${tenantPrefix(kykId)}#PTNRS#${bucket}`;

export const partnerNameKey = (kykId: string, partner: string): Keys => ({ pk: partnerNamesPartition(kykId, searchBucket(partner)), sk: partner });

type PartnerEntry = { kyk_id: string; id: string; type: string; transaction_date?: string | undefined; transaction_amount?: number | undefined; recipient?: string | undefined; provider?: string | undefined };

/**
 * The partner key items of an entry: a file with a transaction date and a partner, one per distinct
 * partner value, and with an amount one more per partner value in its amount band.
 */
export function partnerItems(entry: PartnerEntry): Record<string, unknown>[] {
  if (entry.type !== 'file' || !entry.transaction_date) return [];
  const date = entry.transaction_date;
  const amount = typeof entry.transaction_amount === 'number' ? entry.transaction_amount : undefined;
  return partnerForms(entry).flatMap((partner) => [
    { ...partnerKey(entry.kyk_id, partner, date, entry.id), type: 'partner-key', item_id: entry.id, ...(amount !== undefined ? { amt: amount } : {}) },
    ...(amount !== undefined ? [{ ...partnerAmountKey(entry.kyk_id, amountBand(amount), partner, date, entry.id), type: 'partner-amount-key', item_id: entry.id, amt: amount }] : []),
  ]);
}

/** The partner name items an entry's partner keys need (Put before the transaction that writes them). */
export function partnerNameItems(entry: PartnerEntry): Record<string, unknown>[] {
  if (entry.type !== 'file' || !entry.transaction_date) return [];
  return partnerForms(entry).map((partner) => ({ ...partnerNameKey(entry.kyk_id, partner), type: 'partner-name', pt: partner }));
}

/** The transaction actions that file an entry under its partners. */
export const partnerPuts = (entry: PartnerEntry): LabelledItem[] =>
  partnerItems(entry).map((Item, index) => ({ label: `partnerPut${index}`, Put: { TableName: table(), Item } }));

/** The transaction actions that take an entry out of the partner index. */
export const partnerDeletes = (entry: PartnerEntry): LabelledItem[] =>
  partnerItems(entry).map((item, index) => ({ label: `partnerDelete${index}`, Delete: { TableName: table(), Key: { pk: item.pk as string, sk: item.sk as string } } }));

/**
 * The actions that move an entry's partner keys from what `before` had to what `after` has (new
 * fields): keys no longer there deleted, the rest Put (a key in both is one Put, since a transaction
 * may touch an item once).
 */
export function partnerChanges(before: PartnerEntry, after: PartnerEntry): LabelledItem[] {
  const id = (item: Record<string, unknown>) => `${String(item.pk)}\u0000${String(item.sk)}`;
  const kept = new Set(partnerItems(after).map(id));
  return [
    ...partnerItems(before).filter((item) => !kept.has(id(item))).map((item, index) => ({
      label: `partnerDelete${index}`, Delete: { TableName: table(), Key: { pk: item.pk as string, sk: item.sk as string } },
    })),
    ...partnerPuts(after),
  ];
}

/** Records an entry's partner names (idempotent Puts), before the transaction that files it under them. */
export async function recordPartnerNames(entry: PartnerEntry): Promise<void> {
  const items = partnerNameItems(entry);
  if (items.length > 0) await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
}
