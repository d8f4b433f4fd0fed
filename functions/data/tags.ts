import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { db } from '#lib/clients.ts';
import { batchGet } from '#lib/data/batch.ts';
import { decodeCursor, encodeCursor, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { itemKey, nameKey } from './drive-items.ts';
import { userPartition } from './users.ts';
import { tagAttribute } from './drive-search-keys.ts';

/**
 * Drive tags (SPEC.md §3 "Tags"): common tags (administrators create and attach them; everyone sees
 * them) and private tags (their owner's alone). A tag: `T#<kyk>#TAG#<tag>` / `TAG`; its name is
 * unique in its scope by a claim written with it (common: `T#<kyk>#TAGS` / `NAME#<name>`; private:
 * the owner's partition / `TAGNAME#<name>`); tags are listed by name on gsi1 (common:
 * `T#<kyk>#TAGS`; private: `T#<kyk>#USER#<user>#TAGS`). A tag on an entry is a link in the entry's
 * partition (`TAG#<tag>`, so an entry's tags are one query), listed per tag on gsi1
 * (`T#<kyk>#TAG#<tag>#ITEMS`, newest first) for the tag filter.
 */
export type TagScope = 'common' | 'private';

export interface TagRecord {
  kyk_id: string;
  id: string;
  name: string;
  name_key: string;
  scope: TagScope;
  /** The owner of a private tag. */
  owner_user_id?: string;
  regist_date: string;
  regist_user_id: string;
  /** The last rename (tags administration). */
  update_date?: string;
  update_user_id?: string;
}

export const tagKey = (kykId: string, tagId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#TAG#${tagId}`, sk: 'TAG' });
export const commonTagNameKey = (kykId: string, key: string): Keys => ({ pk: `${tenantPrefix(kykId)}#TAGS`, sk: `NAME#${key}` });
export const privateTagNameKey = (kykId: string, userId: string, key: string): Keys => ({ pk: userPartition(kykId, userId), sk: `TAGNAME#${key}` });
const listingPartition = (kykId: string, scope: TagScope, ownerId?: string) =>
  scope === 'common' ? `${tenantPrefix(kykId)}#TAGS` : `${userPartition(kykId, ownerId!)}#TAGS`;
export const tagListingKeys = (tag: Pick<TagRecord, 'kyk_id' | 'id' | 'name_key' | 'scope' | 'owner_user_id'>) => ({
  gsi1pk: listingPartition(tag.kyk_id, tag.scope, tag.owner_user_id),
  gsi1sk: `${tag.name_key}#${tag.id}`,
});
export const itemTagKey = (kykId: string, itemId: string, tagId: string): Keys => ({ pk: itemKey(kykId, itemId).pk, sk: `TAG#${tagId}` });
export const itemTagListingKeys = (kykId: string, tagId: string, added: string, itemId: string) => ({
  gsi1pk: `${tenantPrefix(kykId)}#TAG#${tagId}#ITEMS`,
  gsi1sk: `${added}#${itemId}`,
});

/** Tags one entry may carry. */
export const TAGS_PER_ITEM = 20;

export const tagNameKey = (name: string): string => nameKey(name);

export class TagNameTakenError extends Error {}

/** Creates a tag with its name claim (NFC, case-insensitive, in its scope). Throws TagNameTakenError. */
export async function insertTag(tag: TagRecord, alongside: LabelledItem[] = []): Promise<void> {
  const claim = tag.scope === 'common' ? commonTagNameKey(tag.kyk_id, tag.name_key) : privateTagNameKey(tag.kyk_id, tag.owner_user_id!, tag.name_key);
  try {
    await transactWrite([
      { label: 'nameClaim', Put: { TableName: table(), Item: { ...claim, type: 'tag-name', tag_id: tag.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'tag', Put: { TableName: table(), Item: { ...tagKey(tag.kyk_id, tag.id), ...tagListingKeys(tag), type: 'tag', ...tag }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...alongside,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new TagNameTakenError();
    throw error;
  }
}

/** Tags by id (missing ones left out). */
export async function getTags(kykId: string, ids: string[]): Promise<TagRecord[]> {
  return batchGet<TagRecord>(ids.map((id) => tagKey(kykId, id)), { consistent: false });
}

/** Tags of one scope by name, from a name prefix, at most `limit` (a key-condition page). */
export async function listTags(kykId: string, scope: TagScope, options: { ownerId?: string; prefix: string; limit: number }): Promise<TagRecord[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(),
    IndexName: 'gsi1',
    // DynamoDB refuses an empty begins_with: no prefix reads from the start.
    KeyConditionExpression: options.prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': listingPartition(kykId, scope, options.ownerId), ...(options.prefix ? { ':prefix': tagNameKey(options.prefix) } : {}) },
    Limit: options.limit,
  }));
  return Items as TagRecord[];
}

/** The ids of the tags on an entry (every scope; the caller filters what it may see). */
export async function tagIdsOf(kykId: string, itemId: string): Promise<string[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :tag)',
    ExpressionAttributeValues: { ':pk': itemKey(kykId, itemId).pk, ':tag': 'TAG#' },
    ProjectionExpression: 'tag_id',
    Limit: TAGS_PER_ITEM * 4,
  }));
  return Items.map((item) => String(item.tag_id));
}

/**
 * Adds and removes tag links of one entry in one transaction, conditional on the entry still being
 * there and each tag still existing: a tag deleted or an entry trashed meanwhile refuses the whole
 * change (TransactionFailed).
 */
export async function changeItemTags(kykId: string, itemId: string, change: { add: string[]; remove: string[]; date: string }): Promise<void> {
  // The entry carries each of its tags as an attribute (`tag_<id>`), which the search filters on
  // (functions/data/drive-search.ts): set and removed here with the links. Not a change of the entry
  // (`row_version` and the update date stay). SET and REMOVE of distinct attributes commute, so two
  // concurrent saves cannot undo each other's.
  const names: Record<string, string> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  change.add.forEach((tagId, index) => { names[`#a${index}`] = tagAttribute(tagId); sets.push(`#a${index} = :yes`); });
  change.remove.forEach((tagId, index) => { names[`#r${index}`] = tagAttribute(tagId); removes.push(`#r${index}`); });
  const entryCondition = 'attribute_exists(pk) AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)';
  const items: LabelledItem[] = [
    sets.length + removes.length === 0
      ? { label: 'item', ConditionCheck: { TableName: table(), Key: itemKey(kykId, itemId), ConditionExpression: entryCondition } }
      : { label: 'item', Update: {
          TableName: table(), Key: itemKey(kykId, itemId), ConditionExpression: entryCondition,
          UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
          ExpressionAttributeNames: names,
          ...(sets.length ? { ExpressionAttributeValues: { ':yes': true } } : {}),
        } },
    ...change.add.flatMap((tagId, index): LabelledItem[] => [
      { label: `tag${index}`, ConditionCheck: { TableName: table(), Key: tagKey(kykId, tagId), ConditionExpression: 'attribute_exists(pk)' } },
      { label: `add${index}`, Put: { TableName: table(), Item: { ...itemTagKey(kykId, itemId, tagId), ...itemTagListingKeys(kykId, tagId, change.date, itemId), type: 'item-tag', tag_id: tagId, item_id: itemId, added: change.date } } },
    ]),
    ...change.remove.map((tagId, index): LabelledItem => ({ label: `remove${index}`, Delete: { TableName: table(), Key: itemTagKey(kykId, itemId, tagId) } })),
  ];
  await transactWrite(items);
}

export interface TaggedPage {
  itemIds: string[];
  nextCursor: string | null;
}

/** One page of the entries carrying a tag, newest link first. */
export async function listTaggedItems(kykId: string, tagId: string, options: { pageSize: number; cursor?: string }): Promise<TaggedPage | undefined> {
  const partition = itemTagListingKeys(kykId, tagId, '', '').gsi1pk;
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.s === 'string' ? /^[0-9TZ:.-]{20,30}#([0-9a-f-]{36})$/.exec(decoded.s) : null;
    if (!match) return undefined;
    startKey = { ...itemTagKey(kykId, match[1]!, tagId), gsi1pk: partition, gsi1sk: decoded!.s };
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false, Limit: options.pageSize, ExclusiveStartKey: startKey,
  }));
  return { itemIds: Items.map((item) => String(item.item_id)), nextCursor: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey.gsi1sk }) : null };
}

/** One page of the contract's common tags by name (from a name prefix), and where the next starts. */
export async function listCommonTagsPage(kykId: string, options: { prefix: string; pageSize: number; cursor?: string }): Promise<{ tags: TagRecord[]; next: string | null } | undefined> {
  const partition = listingPartition(kykId, 'common');
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.s === 'string' ? /^[^#]*#([0-9a-f-]{36})$/.exec(decoded.s) : null;
    if (!match) return undefined;
    startKey = { ...tagKey(kykId, match[1]!), gsi1pk: partition, gsi1sk: decoded!.s };
  }
  const prefix = options.prefix ? tagNameKey(options.prefix) : '';
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1',
    KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition, ...(prefix ? { ':prefix': prefix } : {}) },
    Limit: options.pageSize, ExclusiveStartKey: startKey,
  }));
  return { tags: Items as TagRecord[], next: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey.gsi1sk }) : null };
}

export class TagChangedError extends Error {}

/**
 * Renames a common tag: its record (name, listing key) conditional on the name it was read with, and
 * its name claim moved to the new name (refused when taken: TagNameTakenError). The links of files
 * and folders name the tag by id and stay. `alongside` joins the transaction (the audit record).
 */
export async function renameCommonTag(tag: TagRecord, name: string, by: { userId: string; date: string }, alongside: LabelledItem[] = []): Promise<TagRecord> {
  const renamed: TagRecord = { ...tag, name, name_key: tagNameKey(name), update_date: by.date, update_user_id: by.userId };
  const claimMoves = renamed.name_key !== tag.name_key;
  try {
    await transactWrite([
      { label: 'tag', Update: {
        TableName: table(), Key: tagKey(tag.kyk_id, tag.id),
        UpdateExpression: 'SET #name = :name, name_key = :key, gsi1sk = :listing, update_date = :date, update_user_id = :user',
        ConditionExpression: 'attribute_exists(pk) AND name_key = :old AND #scope = :common',
        ExpressionAttributeNames: { '#name': 'name', '#scope': 'scope' },
        ExpressionAttributeValues: { ':name': name, ':key': renamed.name_key, ':listing': tagListingKeys(renamed).gsi1sk, ':date': by.date, ':user': by.userId, ':old': tag.name_key, ':common': 'common' },
      } },
      ...(claimMoves ? [
        { label: 'nameClaim', Put: { TableName: table(), Item: { ...commonTagNameKey(tag.kyk_id, renamed.name_key), type: 'tag-name', tag_id: tag.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { label: 'oldClaim', Delete: { TableName: table(), Key: commonTagNameKey(tag.kyk_id, tag.name_key) } },
      ] satisfies LabelledItem[] : []),
      ...alongside,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new TagNameTakenError();
    if (error instanceof TransactionFailed && error.failed('tag')) throw new TagChangedError();
    throw error;
  }
  return renamed;
}

/** Deletes a common tag and its name claim (conditional on the name it was read with); its links stay until detached. */
export async function deleteCommonTag(tag: TagRecord, alongside: LabelledItem[] = []): Promise<void> {
  try {
    await transactWrite([
      { label: 'tag', Delete: {
        TableName: table(), Key: tagKey(tag.kyk_id, tag.id),
        ConditionExpression: 'attribute_exists(pk) AND name_key = :old AND #scope = :common',
        ExpressionAttributeNames: { '#scope': 'scope' }, ExpressionAttributeValues: { ':old': tag.name_key, ':common': 'common' },
      } },
      { label: 'nameClaim', Delete: { TableName: table(), Key: commonTagNameKey(tag.kyk_id, tag.name_key) } },
      ...alongside,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('tag')) throw new TagChangedError();
    throw error;
  }
}

/**
 * Takes a (deleted) tag off one entry: the entry's search attribute first, then the link, so a retry
 * after a fault finds the link still there. Idempotent; an entry deleted for good meanwhile is fine.
 */
export async function detachTag(kykId: string, tagId: string, itemId: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: itemKey(kykId, itemId), UpdateExpression: 'REMOVE #tag',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#tag': tagAttribute(tagId) },
    }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  await db().send(new DeleteCommand({ TableName: table(), Key: itemTagKey(kykId, itemId, tagId) }));
}
