import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { deleteSpPrivateKey } from '#lib/saml/key-store.ts';
import { contractKey } from '#data/contracts.ts';
import { japanDay, keptUntil } from './drive/bookkeeping.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { belongsTo, Discovery, entityOf, tenantItems, type Item } from './tenant-data.ts';
import { jobIdsOf, NoSuchContractError } from './tenant-export.ts';
import { deleteVersion, tenantObjectVersions, type Refusal } from './tenant-objects.ts';

/**
 * Deleting a contract completely (bin/tenant.ts `delete`; docs/operations.md "Delete a contract"):
 * every item tenant-data.ts finds in the table and the audit table, the contract's SAML private key,
 * and every object version and delete marker under its prefixes in the bucket. The users' partitions
 * go first (sessions: nobody of the contract can call the API any more), the contract item last (so
 * an interrupted deletion is found again and finished by running it again); afterwards the contract
 * cannot sign in and `create` makes the id anew.
 *
 * Bookkeeping law: while a document of the contract is under retention (`keptUntil`: its
 * `retention_until`, and at least 7 years from its date, not past), the deletion refuses
 * (RetainedDocumentsError) and changes nothing, unless the operator says `forceRetained`. Even then
 * S3 refuses to delete a version under Object Lock in COMPLIANCE mode before its date; in GOVERNANCE
 * mode it deletes it only for a caller allowed s3:BypassGovernanceRetention. Such versions are
 * answered in `refused` (the deletion is then incomplete): run it again once their retention has ended.
 */

export interface RetainedDocument {
  id: string;
  name: string;
  retention_until: string;
}

export class RetainedDocumentsError extends Error {
  constructor(readonly kykId: string, readonly documents: RetainedDocument[]) {
    super(`Contract ${kykId} has ${documents.length} document(s) under retention (bookkeeping law); nothing was deleted. Export it first; delete with --force-retained only when the retention duty has passed to someone else.`);
    this.name = 'RetainedDocumentsError';
  }
}

export interface DeleteOptions {
  /** Delete even with documents under retention (recorded in the report). */
  forceRetained?: boolean;
  /**
   * Also Scan both tables for anything left under the contract's prefix (the TTL-only partitions
   * nothing lists) and delete it: reads the whole tables (docs/operations.md gives its cost).
   */
  scan?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface DeleteReport {
  kykId: string;
  /** Whether the contract item itself was there (false: finishing an interrupted deletion). */
  contractFound: boolean;
  /** Items deleted per entity (the audit records as `audit record`). */
  deleted: Record<string, number>;
  samlKeyDeleted: boolean;
  objects: { deleted: number; refused: Refusal[] };
  forcedRetained: boolean;
  retained: RetainedDocument[];
  /** Items a second reading (and the Scan, when asked) still found. */
  remaining: number;
  /** Items only the Scan found (and deleted). */
  scanned?: number;
  complete: boolean;
}

const keyOf = (item: Item): Keys => ({ pk: String(item.pk), sk: String(item.sk) });
const deletes = (items: Item[]) => items.map((item) => ({ DeleteRequest: { Key: keyOf(item) } }));

export async function deleteTenant(kykId: string, where: string, options: DeleteOptions = {}): Promise<DeleteReport> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const discovery = new Discovery(kykId, now);
  const contract = await discovery.contract();
  const objects = await tenantObjectVersions(kykId);
  discovery.objectJobIds = jobIdsOf(kykId, objects);
  // No contract: a deletion to finish, or a typo (answered before reading years of dated partitions).
  if (!contract && objects.length === 0 && !options.scan && !(await discovery.anything())) throw new NoSuchContractError(kykId, where);

  const found: { partition: string; store: 'main' | 'audit'; items: Item[] }[] = [];
  for await (const batch of tenantItems(discovery)) found.push(batch);

  // The drive's own purge check: the stored retention, and never less than 7 years from the document's date.
  const today = japanDay(now);
  const { settings: retention } = await getCommonSettings(kykId, true);
  const retained = found.filter((batch) => batch.partition === 'T#<kyk>#ITEM#<item>').flatMap((batch) => batch.items)
    .filter((item) => item.sk === 'ITEM')
    .flatMap((item) => {
      const until = keptUntil(item as unknown as ItemRecord, retention);
      return until !== undefined && until >= today ? [{ id: String(item.id), name: String(item.name), retention_until: until }] : [];
    });
  if (retained.length > 0 && !options.forceRetained) throw new RetainedDocumentsError(kykId, retained);

  const deleted: Record<string, number> = {};
  const contractItem = contractKey(kykId);
  for (const batch of found) {
    const items = batch.items.filter((item) => !(item.pk === contractItem.pk && item.sk === contractItem.sk));
    await batchWrite(deletes(items), batch.store === 'audit' ? config.auditTableName : table());
    for (const item of items) {
      const entity = entityOf(batch.partition, item, kykId)?.entity ?? 'unregistered';
      deleted[entity] = (deleted[entity] ?? 0) + 1;
    }
    log(`  ${batch.partition}: ${items.length} deleted`);
  }

  const samlKeyDeleted = await deleteSpPrivateKey(kykId).catch((error: unknown) => {
    // The local stack without a key directory, or no permission: said, not hidden.
    log(`  SAML private key: not deleted (${error instanceof Error ? error.message : String(error)})`);
    return false;
  });

  const refused: Refusal[] = [];
  let objectsDeleted = 0;
  for (const object of objects) {
    const refusal = await deleteVersion(object, options.forceRetained === true);
    if (refusal) refused.push(refusal);
    else objectsDeleted++;
  }
  log(`  bucket: ${objectsDeleted} object versions deleted, ${refused.length} refused`);

  if (contract) {
    await batchWrite([{ DeleteRequest: { Key: contractItem } }]);
    deleted.contract = (deleted.contract ?? 0) + 1;
  }

  let scanned: number | undefined;
  if (options.scan) {
    const leftovers = await scanLeftovers(kykId);
    scanned = leftovers.main.length + leftovers.audit.length;
    await batchWrite(deletes(leftovers.main));
    await batchWrite(deletes(leftovers.audit), config.auditTableName);
    log(`  scan: ${scanned} items left by the queries deleted`);
  }
  // Read again, the same way: what a deletion that raced a running job or failed half-way left behind.
  let remaining = 0;
  for await (const batch of tenantItems(new Discovery(kykId, now, await discovery.since()))) remaining += batch.items.length;
  const complete = remaining === 0 && refused.length === 0;
  return {
    kykId, contractFound: contract !== undefined, deleted, samlKeyDeleted, objects: { deleted: objectsDeleted, refused },
    forcedRetained: retained.length > 0 && options.forceRetained === true, retained, remaining, ...(scanned === undefined ? {} : { scanned }), complete,
  };
}

/**
 * Everything of the contract in both tables, by Scan: for the partitions no query can find (random
 * ids removed by TTL, docs/operations.md). Reads every item of both tables (projection pk and sk;
 * the read cost is that of the whole table: 0.5 RCU per 4 KB eventually consistent).
 */
export async function scanLeftovers(kykId: string): Promise<{ main: Item[]; audit: Item[] }> {
  const prefix = tenantPrefix(kykId);
  const scanAll = async (tableName: string): Promise<Item[]> => {
    const segments = 4;
    const pages = await Promise.all(Array.from({ length: segments }, async (_, segment) => {
      const items: Item[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db().send(new ScanCommand({
          TableName: tableName, Segment: segment, TotalSegments: segments, ProjectionExpression: 'pk, sk', ExclusiveStartKey: startKey,
          // The contract's partitions, and the global queues whose sort key names it.
          FilterExpression: 'pk = :t OR begins_with(pk, :tp) OR ((begins_with(pk, :purge) OR begins_with(pk, :upload) OR begins_with(pk, :imports) OR begins_with(pk, :jobs)) AND begins_with(sk, :k)) OR (begins_with(pk, :trash) AND sk = :kyk)',
          ExpressionAttributeValues: {
            ':t': prefix, ':tp': `${prefix}#`, ':k': `${kykId}#`, ':kyk': kykId,
            ':purge': 'PURGEQ#', ':upload': 'UPLOADQ#', ':imports': 'IMPORTQ#', ':jobs': 'DRIVEJOBQ#', ':trash': 'TRASHQ#',
          },
        }));
        items.push(...(page.Items ?? []).filter((item) => belongsTo(item, kykId)));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items;
    }));
    return pages.flat();
  };
  return { main: await scanAll(table()), audit: await scanAll(config.auditTableName) };
}
