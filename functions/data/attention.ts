import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AttentionReason } from '#shared/schemas/attention.ts';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import type { ItemRecord } from './drive-items.ts';

/**
 * Files that need a user's attention (docs/drive.md "Needs attention"): a scan whose scanner check
 * failed, a scan registered after its input deadline, a file whose fields were read from its bytes
 * and wait for confirmation. One row per file, kept in step with the file by the writes that change
 * what it needs: the storage event's check (in the same transaction as the check's result), the
 * first version's confirmation (late scans), the reading's result (functions/data/read-fields.ts),
 * a correction, the trash and its restore, the deletion for good.
 *
 * Access pattern (functions/lib/data/README.md): the contract's files needing attention, newest
 * registration first: base table `T#<kyk>#ATTENTION` / `<regist date>#<item>` (the registration date
 * never changes, so every writer finds the row from the file alone). Such files are exceptions, so
 * one partition per contract holds them. Files inside a trashed folder keep their row: the listing
 * asks the reach module, which leaves them out, and they come back with the folder.
 */
export const attentionKey = (kykId: string, registDate: string, itemId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#ATTENTION`, sk: `${registDate}#${itemId}` });

type AttentionFacts = Pick<ItemRecord, 'type' | 'version' | 'document_style' | 'input_late' | 'scanner_check' | 'scanner_check_version' | 'fields_read_version' | 'received'>;

/** Why a file needs attention now, from the file as it is (the scanner check counts while its version is current). */
export function attentionReasons(item: AttentionFacts): AttentionReason[] {
  if (item.type !== 'file') return [];
  const reasons: AttentionReason[] = [];
  if (item.scanner_check && item.scanner_check_version === item.version && item.scanner_check.status !== 'compliant') reasons.push('scanner_check');
  if (item.input_late) reasons.push('late');
  // Read fields count while the version they were read from is current.
  if (item.fields_read_version !== undefined && item.fields_read_version === item.version) reasons.push('fields_read');
  if (item.received) reasons.push('received');
  return reasons;
}

type Keyed = AttentionFacts & Pick<ItemRecord, 'kyk_id' | 'id' | 'regist_date'>;

/** A file's row with the reasons it needs attention for. */
export const attentionRow = (item: Keyed, reasons: AttentionReason[]): Record<string, unknown> => ({
  ...attentionKey(item.kyk_id, item.regist_date, item.id), type: 'attention', item_id: item.id, reasons,
});

const put = (item: Keyed, reasons: AttentionReason[]): LabelledItem => ({ label: 'attention', Put: { TableName: table(), Item: attentionRow(item, reasons) } });
const remove = (item: Keyed): LabelledItem => ({ label: 'attention', Delete: { TableName: table(), Key: attentionKey(item.kyk_id, item.regist_date, item.id) } });

/**
 * The write that keeps a file's row in step when it changes from `before` to `after` (undefined:
 * it leaves the drive — trashed or deleted): put with its reasons, or removed. A scan always gets
 * one of the two (a row of its earlier bytes' check may be there whatever `before` shows); other
 * files only when they needed attention before, so ordinary files' writes carry nothing more.
 */
export function attentionChange(before: Keyed | undefined, after: Keyed | undefined): LabelledItem[] {
  const now = after ? attentionReasons(after) : [];
  if (now.length > 0) return [put(after!, now)];
  const subject = before ?? after;
  if (!subject) return [];
  return subject.document_style === 'scanner' || after?.document_style === 'scanner' || attentionReasons(subject).length > 0 ? [remove(subject)] : [];
}

/** One page of the contract's files needing attention (their ids and reasons as written), newest registration first. */
export async function listAttention(kykId: string, options: { pageSize: number; cursor?: string }): Promise<{ entries: { itemId: string; reasons: AttentionReason[] }[]; nextCursor: string | null } | undefined> {
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.a === 'string' ? /^([0-9TZ:.-]{20,30})#([0-9a-f-]{36})$/.exec(decoded.a) : null;
    if (!match) return undefined;
    startKey = attentionKey(kykId, match[1]!, match[2]!);
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': attentionKey(kykId, '', '').pk },
    ScanIndexForward: false,
    Limit: options.pageSize,
    ExclusiveStartKey: startKey,
  }));
  return {
    entries: Items.map((row) => ({ itemId: String(row.item_id), reasons: (row.reasons ?? []) as AttentionReason[] })),
    nextCursor: LastEvaluatedKey ? encodeCursor({ a: LastEvaluatedKey.sk }) : null,
  };
}
