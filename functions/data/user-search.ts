import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '#shared/search-fold.ts';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { bigrams } from './drive-search-keys.ts';
import type { User } from './users.ts';

/**
 * The user list's search (issue 28 item 20): any part of the user ID, the name as written or the
 * e-mail, in the folded form of shared/search-fold.ts (NFKC, case, katakana onto hiragana). The
 * drive's name search's approach and its `bigrams` (drive-search-keys.ts):
 * - one gram item per distinct bigram of the user's folded ID, name and e-mail (each field on its
 *   own, so no gram spans two fields), `T#<kyk>#UGRAM#<gram>` / `<user ID>`, carrying the folded
 *   text of the three fields (`txt`, joined by a line break) and the name (`nm`, for the name
 *   sort). Written and removed in the transactions that register, edit and delete the user; an
 *   edit that changes neither name nor e-mail touches none.
 * - A search of two characters or more reads the partition of one bigram of the query (the
 *   sparsest of a few probed side by side), filtered on `txt` containing the whole query, so only
 *   true matches come back: its cost follows that bigram's users, never the contract's.
 * - A one-character search has no bigram: it filters the user list's index on the character and
 *   its spellings that fold to it (`oneCharacterVariants`), as the department filter does.
 */

/** Distinct grams indexed per user: an edit may rewrite them all in its transaction (at most 100 actions with the rest). */
export const USER_GRAMS_MAX = 36;
/** Bigrams of a query probed for the sparsest, and keys read per probe. */
const PROBE_GRAMS = 4;
const PROBE_KEYS = 100;

type Searchable = Pick<User, 'kyk_id' | 'user_id' | 'user_nm' | 'email'>;

export const userGramPartition = (kykId: string, gram: string): string => `${tenantPrefix(kykId)}#UGRAM#${gram}`;

export const userGramKey = (kykId: string, gram: string, userId: string): Keys => ({ pk: userGramPartition(kykId, gram), sk: userId });

/** The folded text a query must be part of: ID, name and e-mail, one a line. */
export const userSearchText = (user: Searchable): string => [user.user_id, user.user_nm, user.email].map(foldForSearch).join('\n');

/** The grams a user is indexed under: the distinct bigrams of each folded field (ID first), at most USER_GRAMS_MAX. */
export function userGrams(user: Searchable): string[] {
  const grams = new Set<string>();
  for (const field of [user.user_id, user.user_nm, user.email]) for (const gram of bigrams(foldForSearch(field))) grams.add(gram);
  return [...grams].slice(0, USER_GRAMS_MAX);
}

const gramItem = (user: Searchable, gram: string): Record<string, unknown> => ({
  ...userGramKey(user.kyk_id, gram, user.user_id), type: 'user-gram', uid: user.user_id, nm: user.user_nm, txt: userSearchText(user),
});

/** The transaction actions that index a new user. */
export const userGramPuts = (user: Searchable): LabelledItem[] =>
  userGrams(user).map((gram, index) => ({ label: `userGramPut${index}`, Put: { TableName: table(), Item: gramItem(user, gram) } }));

/** The transaction actions that take a deleted user out of the index. */
export const userGramDeletes = (user: Searchable): LabelledItem[] =>
  userGrams(user).map((gram, index) => ({ label: `userGramDelete${index}`, Delete: { TableName: table(), Key: userGramKey(user.kyk_id, gram, user.user_id) } }));

/** An edit's actions: none when the name and e-mail stay; else the grams no longer called for deleted and the rest put again. */
export function userGramChanges(before: Searchable, after: Searchable): LabelledItem[] {
  if (before.user_nm === after.user_nm && before.email === after.email) return [];
  const kept = new Set(userGrams(after));
  return [
    ...userGrams(before).filter((gram) => !kept.has(gram)).map((gram, index) => ({
      label: `userGramDelete${index}`, Delete: { TableName: table(), Key: userGramKey(before.kyk_id, gram, before.user_id) },
    })),
    ...userGramPuts(after),
  ];
}

/** Files existing users in the index again (the operator's `tenant reindex`, for users registered before it). */
export async function reindexUsers(users: Searchable[]): Promise<number> {
  const items = users.flatMap((user) => userGrams(user).map((gram) => gramItem(user, gram)));
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  return items.length;
}

/** A match: the user ID and the name (for the name sort). */
export interface UserMatch {
  user_id: string;
  user_nm: string;
}

/** Up to `count` of the grams, spread over the query (its first and last among them). */
function spread(grams: string[], count: number): string[] {
  if (grams.length <= count) return grams;
  return Array.from({ length: count }, (_, index) => grams[Math.round((index * (grams.length - 1)) / (count - 1))]!);
}

/**
 * Every user of a contract whose folded ID, name or e-mail contains the folded query (two
 * characters or more). The probe reads the first keys of a few bigrams' partitions side by side,
 * already filtered on the query: a partition that ends there is small and its matches are the
 * answer; else the one whose keys reached furthest in user-ID order (the sparsest) is read on to
 * its end, filtered the same way.
 */
export async function matchUsers(kykId: string, folded: string): Promise<UserMatch[]> {
  const read = (gram: string, extra: { Limit?: number; ExclusiveStartKey?: Record<string, unknown> }) => ({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'contains(txt, :q)',
    ExpressionAttributeValues: { ':pk': userGramPartition(kykId, gram), ':q': folded },
    ProjectionExpression: 'sk, uid, nm',
    ...extra,
  });
  const probes = await Promise.all(spread(bigrams(folded), PROBE_GRAMS).map(async (gram) => {
    const result = await db().send(new QueryCommand(read(gram, { Limit: PROBE_KEYS })));
    return { gram, scanned: result.ScannedCount ?? 0, items: result.Items ?? [], next: result.LastEvaluatedKey };
  }));
  const ended = probes.filter((probe) => probe.next === undefined).sort((a, b) => a.scanned - b.scanned);
  const driver = ended[0] ?? probes.sort((a, b) => (String(a.next!.sk) < String(b.next!.sk) ? 1 : String(a.next!.sk) > String(b.next!.sk) ? -1 : 0))[0]!;
  const items = [...driver.items];
  for (let next = driver.next; next;) {
    const page = await db().send(new QueryCommand(read(driver.gram, { ExclusiveStartKey: next })));
    items.push(...(page.Items ?? []));
    next = page.LastEvaluatedKey;
  }
  return items.map((item) => ({ user_id: String(item.uid), user_nm: String(item.nm ?? '') }));
}

/** Half-width katakana (and its punctuation) by the form it folds to: the spellings a one-character search must also find. */
const halfWidthByForm = (() => {
  const map = new Map<string, string[]>();
  for (let code = 0xff61; code <= 0xff9f; code++) {
    const char = String.fromCharCode(code);
    const form = foldForSearch(char);
    map.set(form, [...(map.get(form) ?? []), char]);
  }
  return map;
})();

/**
 * The spellings of one character that fold to the same form (as typed, folded, upper case,
 * katakana, full width, half-width katakana): a FilterExpression's `contains` is exact, so a
 * one-character search asks for each.
 */
export function oneCharacterVariants(char: string): string[] {
  const form = foldForSearch(char);
  const variants = new Set([char, form, form.toUpperCase(), ...(halfWidthByForm.get(form) ?? [])]);
  if (/^[\u3041-\u3096\u309d\u309e]$/.test(form)) variants.add(String.fromCharCode(form.charCodeAt(0) + 0x60));
  for (const variant of [...variants]) {
    if (/^[!-~]$/.test(variant)) variants.add(String.fromCharCode(variant.charCodeAt(0) + 0xfee0));
  }
  return [...variants].filter((variant) => foldForSearch(variant) === form);
}
