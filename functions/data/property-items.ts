import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { queryAll } from '#lib/data/query.ts';
import { nowIso, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { DomainError } from '#lib/errors.ts';
import { propertyNameKey, walkNodes, type PropertyItem, type PropertyNode, type PropertyType } from '#shared/schemas/property-items.ts';

/**
 * Property items (docs/property-items.md). Keys, all in the contract's partition `T#<kyk>`:
 * - `PROPITEM#<no, 4 digits>`: one item's definition, with `row_version`, and one counter per fixed
 *   or dropdown value (`u_<value id>`: the files linked to it). A value's counter is created (0)
 *   with the value and removed with it; a save that removes a value is conditional on its counter
 *   being 0, and a detail update that links a file to a value is conditional on its counter
 *   existing, so neither can slip past the other.
 * - `PROPNAME#<name key>`: the claim of a name (Put with attribute_not_exists in the transaction
 *   that creates or renames the item), so two administrators cannot both save one name.
 * - `PROPSEQ`: the atomic counter that numbers new items.
 */
export const propertyItemKey = (kykId: string, itemNo: number): Keys => ({ pk: tenantPrefix(kykId), sk: `PROPITEM#${String(itemNo).padStart(4, '0')}` });
export const propertyNameClaimKey = (kykId: string, nameKey: string): Keys => ({ pk: tenantPrefix(kykId), sk: `PROPNAME#${nameKey}` });
export const propertyCounterKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'PROPSEQ' });

/** The attribute that counts the files linked to a value. */
export const usageAttribute = (valueId: string): string => `u_${valueId}`;

export interface PropertyRecord extends PropertyItem {
  kyk_id: string;
  name_key: string;
  [usage: `u_${string}`]: number;
}

/** What a save sets: the definition without its bookkeeping. */
export interface PropertyDefinition {
  name: string;
  required: number;
  used: number;
  type: PropertyType;
  length?: number | undefined;
  unit?: string | undefined;
  values?: { id: string; name: string }[] | undefined;
  layers?: number | undefined;
  options?: PropertyNode[] | undefined;
}

const OPTIONAL = ['length', 'unit', 'values', 'layers', 'options'] as const;

export const newValueId = (): string => randomBytes(6).toString('hex');

/** Every value id of a definition (fixed values, every dropdown node). */
export function valueIds(item: Pick<PropertyDefinition, 'type' | 'values' | 'options'>): string[] {
  if (item.type === 'fixed') return (item.values ?? []).map((value) => value.id);
  if (item.type !== 'dropdown') return [];
  const ids: string[] = [];
  walkNodes(item.options ?? [], (node) => ids.push(node.id));
  return ids;
}

/** Files linked to the given values (the counters of the record read). */
export const linkedCount = (record: Record<string, unknown>, ids: string[]): number =>
  ids.reduce((sum, id) => sum + Math.max(0, Number(record[usageAttribute(id)] ?? 0)), 0);

export const toPropertyItem = (record: Record<string, unknown>): PropertyItem => {
  const item: PropertyItem = {
    item_no: Number(record.item_no), name: String(record.name), required: Number(record.required), used: Number(record.used),
    type: record.type as PropertyType, row_version: Number(record.row_version),
    update_date: String(record.update_date), update_user_nm: String(record.update_user_nm ?? ''),
  };
  for (const field of OPTIONAL) if (record[field] !== undefined) Object.assign(item, { [field]: record[field] });
  return item;
};

/** Every item of the contract, by number. One query of the contract's partition. */
export async function listPropertyRecords(kykId: string, consistent = false): Promise<Record<string, unknown>[]> {
  const items = await queryAll({
    TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPrefix(kykId), ':prefix': 'PROPITEM#' }, ConsistentRead: consistent,
  });
  return items.filter((item) => item.item_no !== undefined).sort((a, b) => Number(a.item_no) - Number(b.item_no));
}

export const listPropertyItems = async (kykId: string): Promise<PropertyItem[]> => (await listPropertyRecords(kykId)).map(toPropertyItem);

export async function getPropertyRecord(kykId: string, itemNo: number): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: propertyItemKey(kykId, itemNo), ConsistentRead: true }));
  return Item;
}

const nameClaimPut = (kykId: string, nameKey: string, itemNo: number): LabelledItem => ({
  label: 'nameClaim',
  Put: { TableName: table(), Item: { ...propertyNameClaimKey(kykId, nameKey), type: 'property-name', item_no: itemNo }, ConditionExpression: 'attribute_not_exists(pk)' },
});

const duplicateName = () => new DomainError('propertyNameDuplicate', {}, { name: 'code.propertyNameDuplicate' });

/** The next item number (atomic; a failed creation leaves a gap, never a reuse). */
async function nextItemNo(kykId: string): Promise<number> {
  const { Attributes } = await db().send(new UpdateCommand({
    TableName: table(), Key: propertyCounterKey(kykId), UpdateExpression: 'ADD next_no :one', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW',
  }));
  return Number(Attributes?.next_no);
}

/** Creates an item: its number, the name claim, the definition with a zero counter per value, and the audit record, in one transaction. */
export async function createPropertyItem(actor: AuditActor, definition: PropertyDefinition): Promise<PropertyItem> {
  const itemNo = await nextItemNo(actor.kykId);
  const nameKey = propertyNameKey(definition.name);
  const record: Record<string, unknown> = {
    ...propertyItemKey(actor.kykId, itemNo), type_of: 'property-item', kyk_id: actor.kykId, item_no: itemNo, name_key: nameKey,
    ...withoutUndefined(definition), row_version: 1, update_date: nowIso(), update_user_id: actor.userId, update_user_nm: actor.userName,
  };
  for (const id of valueIds(definition)) record[usageAttribute(id)] = 0;
  const item = toPropertyItem(record);
  try {
    await transactWrite([
      nameClaimPut(actor.kykId, nameKey, itemNo),
      { label: 'item', Put: { TableName: table(), Item: record, ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut(actor, { action: 'property_item.create', targetType: 'property_item', targetId: String(itemNo), before: null, after: item }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw duplicateName();
    throw error;
  }
  return item;
}

const withoutUndefined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

/** A condition that every listed value still links no file (its counter absent or 0), with its names and values. */
function noLinks(ids: string[], prefix: string) {
  const names: Record<string, string> = {};
  const clauses = ids.map((id, index) => {
    names[`#${prefix}${index}`] = usageAttribute(id);
    return `(attribute_not_exists(#${prefix}${index}) OR #${prefix}${index} = :zeroLinks)`;
  });
  return { condition: clauses.join(' AND '), names, values: ids.length ? { ':zeroLinks': 0 } : {} };
}

/** Refusal of a change that removes values files are linked to (SPEC.md §5, §8), with how many files. */
export const valuesInUse = (count: number) => new DomainError('propertyValuesInUse', { count });

/**
 * Changes an item over the version read (-201 otherwise): the definition replaced, new values given
 * a zero counter, removed values' counters removed on condition that they are 0 (else the files
 * linked are counted and refused), a new name claimed and the old one released, and the audit
 * record, in one transaction.
 */
export async function updatePropertyItem(actor: AuditActor, itemNo: number, expected: number, definition: PropertyDefinition): Promise<PropertyItem> {
  const before = await getPropertyRecord(actor.kykId, itemNo);
  if (!before) throw new DomainError('address', {}, {}, 'notice.propertyItemNotFound');
  if (Number(before.row_version) !== expected) throw new DomainError('editedByAnotherUser');
  const oldIds = valueIds(before as unknown as PropertyDefinition);
  const newIds = valueIds(definition);
  const keep = new Set(newIds);
  const removed = oldIds.filter((id) => !keep.has(id));
  const linked = linkedCount(before, removed);
  if (linked > 0) throw valuesInUse(linked);
  const had = new Set(oldIds);
  const nameKey = propertyNameKey(definition.name);
  const renamed = nameKey !== before.name_key;
  const now = nowIso();
  const set: Record<string, unknown> = {
    ...withoutUndefined(definition), name_key: nameKey, update_date: now, update_user_id: actor.userId, update_user_nm: actor.userName,
  };
  for (const id of newIds) if (!had.has(id)) set[usageAttribute(id)] = 0;
  const remove = [...OPTIONAL.filter((field) => definition[field] === undefined), ...removed.map(usageAttribute)];
  const guard = noLinks(removed, 'l');
  const after = toPropertyItem({ ...before, ...set, row_version: expected + 1 });
  for (const field of OPTIONAL) if (definition[field] === undefined) delete (after as Partial<PropertyItem>)[field];
  try {
    await transactWrite([
      versionedUpdateItem('item', {
        key: propertyItemKey(actor.kykId, itemNo), expectedVersion: expected, set, remove,
        ...(removed.length ? { condition: guard.condition, names: guard.names, values: guard.values } : {}),
      }),
      ...(renamed
        ? [nameClaimPut(actor.kykId, nameKey, itemNo), { label: 'oldName', Delete: { TableName: table(), Key: propertyNameClaimKey(actor.kykId, String(before.name_key)) } }]
        : []),
      auditPut(actor, { action: 'property_item.update', targetType: 'property_item', targetId: String(itemNo), before: toPropertyItem(before), after }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw duplicateName();
    if (error instanceof TransactionFailed && error.failed('item')) throw await lostRace(actor.kykId, itemNo, expected, removed);
    throw error;
  }
  return after;
}

/** Why a conditional write on an item failed: someone saved in between, or a file was linked to a value being removed. */
async function lostRace(kykId: string, itemNo: number, expected: number, removed: string[]): Promise<DomainError> {
  const now = await getPropertyRecord(kykId, itemNo);
  if (!now) return new DomainError('address', {}, {}, 'notice.propertyItemNotFound');
  if (Number(now.row_version) !== expected) return new DomainError('editedByAnotherUser');
  return valuesInUse(linkedCount(now, removed));
}

/** Deletes an item over the version read, on condition that no file is linked to any of its values; its name freed, audited. */
export async function deletePropertyItem(actor: AuditActor, itemNo: number, expected: number): Promise<void> {
  const before = await getPropertyRecord(actor.kykId, itemNo);
  if (!before) throw new DomainError('address', {}, {}, 'notice.propertyItemNotFound');
  if (Number(before.row_version) !== expected) throw new DomainError('editedByAnotherUser');
  const ids = valueIds(before as unknown as PropertyDefinition);
  const linked = linkedCount(before, ids);
  if (linked > 0) throw valuesInUse(linked);
  const guard = noLinks(ids, 'l');
  try {
    await transactWrite([
      {
        label: 'item',
        Delete: {
          TableName: table(), Key: propertyItemKey(actor.kykId, itemNo),
          ConditionExpression: `row_version = :expected${ids.length ? ` AND ${guard.condition}` : ''}`,
          ...(ids.length ? { ExpressionAttributeNames: guard.names } : {}),
          ExpressionAttributeValues: { ':expected': expected, ...guard.values },
        },
      },
      { label: 'nameClaim', Delete: { TableName: table(), Key: propertyNameClaimKey(actor.kykId, String(before.name_key)) } },
      auditPut(actor, { action: 'property_item.delete', targetType: 'property_item', targetId: String(itemNo), before: toPropertyItem(before), after: null }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw await lostRace(actor.kykId, itemNo, expected, ids);
    throw error;
  }
}

/*
 * A file's links: `property_links` on the file's item, `<item no>#<value id>` for each fixed value
 * and each dropdown leaf it carries. The drive keeps the counters with the file: +1 when it is
 * confirmed or copied, the difference when its details change, -1 when it is deleted for good.
 */
export const linkOf = (itemNo: number | string, valueId: string): string => `${itemNo}#${valueId}`;

const parseLink = (link: string): [number, string] => {
  const [itemNo, valueId] = link.split('#');
  return [Number(itemNo), valueId!];
};

/**
 * The transaction actions that move the counters from the links `before` had to those `after` has:
 * one Update per item (a transaction touches an item once). `strict`: a value newly linked must
 * still exist (its counter), so a detail update cannot link a file to a value just removed
 * (label `propertyUse<no>`); confirmations, copies and deletions count whatever the file holds.
 */
export function propertyUsageChanges(kykId: string, before: readonly string[] | undefined, after: readonly string[] | undefined, strict = false): LabelledItem[] {
  const deltas = new Map<number, Map<string, number>>();
  const add = (link: string, delta: number) => {
    const [itemNo, valueId] = parseLink(link);
    const forItem = deltas.get(itemNo) ?? new Map<string, number>();
    forItem.set(valueId, (forItem.get(valueId) ?? 0) + delta);
    deltas.set(itemNo, forItem);
  };
  for (const link of before ?? []) add(link, -1);
  for (const link of after ?? []) add(link, 1);
  const actions: LabelledItem[] = [];
  for (const [itemNo, forItem] of deltas) {
    const changes = [...forItem].filter(([, delta]) => delta !== 0);
    if (!changes.length) continue;
    const names: Record<string, string> = {};
    const values: Record<string, number> = {};
    const conditions: string[] = [];
    changes.forEach(([valueId, delta], index) => {
      names[`#u${index}`] = usageAttribute(valueId);
      values[`:d${index}`] = delta;
      if (strict && delta > 0) conditions.push(`attribute_exists(#u${index})`);
    });
    actions.push({
      label: `propertyUse${itemNo}`,
      Update: {
        TableName: table(), Key: propertyItemKey(kykId, itemNo),
        UpdateExpression: `ADD ${changes.map((_, index) => `#u${index} :d${index}`).join(', ')}`,
        // Not strict: an item deleted meanwhile (only while an upload with its value was pending) gets
        // a bare counter record with no `item_no`, which the listing leaves out.
        ...(strict ? { ConditionExpression: ['attribute_exists(pk)', ...conditions].join(' AND ') } : {}),
        ExpressionAttributeNames: names, ExpressionAttributeValues: values,
      },
    });
  }
  return actions;
}
