import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { table } from '#lib/data/table.ts';
import { itemKey } from './drive-items.ts';
import { gramItems, partnerItems, partnerNameItems, searchKeys, tagAttribute } from './drive-search-keys.ts';

type IndexedEntry = Parameters<typeof partnerItems>[0] & { name: string; status?: string; purging?: boolean; srch_pk?: string };

/**
 * Files one entry in the search's indexes again from its current fields (the operator's `tenant
 * reindex`, for entries written before an index existed: docs/drive.md "Backfill"): its name's
 * gram items, for a ready file its partner names, keys and amount-band keys (idempotent Puts), and
 * on the entry the search partition and the `tag_<id>` attribute of each tag linked to it. Keys an
 * entry no longer calls for are left: every index hit is read back and checked. Answers the items put.
 */
export async function reindexEntry(entry: IndexedEntry, tagIds: readonly string[]): Promise<number> {
  if (entry.purging) return 0;
  const items = [
    ...gramItems(entry),
    ...(entry.status === 'ready' ? [...partnerNameItems(entry), ...partnerItems(entry)] : []),
  ];
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  const names: Record<string, string> = { '#srch': 'srch_pk' };
  const sets = ['#srch = :srch'];
  tagIds.forEach((tagId, index) => {
    names[`#t${index}`] = tagAttribute(tagId);
    sets.push(`#t${index} = :yes`);
  });
  await db().send(new UpdateCommand({
    TableName: table(), Key: itemKey(entry.kyk_id, entry.id),
    UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names, ExpressionAttributeValues: { ':srch': searchKeys(entry).srch_pk, ...(tagIds.length ? { ':yes': true } : {}) },
  })).catch((error: unknown) => { if (!(error instanceof ConditionalCheckFailedException)) throw error; });
  return items.length;
}
