import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.ts';
import { DomainError, isConditionalCheckFailure } from '../errors.ts';
import { table, type Keys } from './table.ts';
import type { LabelledItem } from './transact.ts';

/**
 * The one versioned update (optimistic locking, ARCHITECTURE.md "Concurrent edits"): SET the given
 * attributes and REMOVE others on an item that still exists and still has `row_version =
 * expectedVersion`, and move `row_version` one on. A writer that read an older version loses: -201.
 */
export interface VersionedChange {
  key: Keys;
  expectedVersion: number;
  set?: Record<string, unknown>;
  remove?: string[];
  /** A further condition, joined with AND (its names and values as `names` / `values`). */
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

function expression(change: VersionedChange) {
  const names: Record<string, string> = { ...change.names };
  const values: Record<string, unknown> = { ...change.values, ':expected': change.expectedVersion, ':next': change.expectedVersion + 1 };
  const sets = Object.entries(change.set ?? {}).map(([attribute, value], index) => {
    names[`#s${index}`] = attribute;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  const removes = (change.remove ?? []).map((attribute, index) => {
    names[`#r${index}`] = attribute;
    return `#r${index}`;
  });
  return {
    UpdateExpression: `SET ${[...sets, 'row_version = :next'].join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: `attribute_exists(pk) AND row_version = :expected${change.condition ? ` AND (${change.condition})` : ''}`,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}

/** The versioned update as an action of a transaction (`failed(label)`: someone else saved first). */
export const versionedUpdateItem = (label: string, change: VersionedChange): LabelledItem => ({
  label,
  Update: { TableName: table(), Key: change.key, ...expression(change) },
});

/**
 * A whole settings item written over the version read (0: none yet, so it must still be absent);
 * the item carries `row_version: expectedVersion + 1`. For single settings items (a policy) whose
 * every attribute the save replaces.
 */
export const versionedPutItem = (label: string, item: Record<string, unknown> & { row_version: number }, expectedVersion: number): LabelledItem => {
  if (item.row_version !== expectedVersion + 1) throw new Error('A versioned put carries the next row_version');
  return {
    label,
    Put: {
      TableName: table(),
      Item: item,
      ...(expectedVersion === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'row_version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }),
    },
  };
};

/** The versioned update on its own: answers the item as stored after it, or throws -201. */
export async function versionedUpdate<T = Record<string, unknown>>(change: VersionedChange): Promise<T> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({ TableName: table(), Key: change.key, ...expression(change), ReturnValues: 'ALL_NEW' }));
    return Attributes as T;
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
}
