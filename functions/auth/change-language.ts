import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { nowIso, table } from '#lib/data/table.ts';
import { toLoginUser, userKey, type User } from '#lib/data/users.ts';
import type { Operation } from '#lib/api-handler.ts';
import { toLoginRights } from '#domain/access.ts';

/** Saves the user's language: server messages and the SPA follow it from the next call on. */
export const changeLanguage: Operation<'com/chang_language'> = async ({ caller, input }) => {
  const { Attributes } = await db().send(new UpdateCommand({
    TableName: table(),
    Key: userKey(caller.kykId, caller.userId),
    UpdateExpression: 'SET #language = :language, update_date = :now, update_user_id = :user ADD row_version :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#language': 'language' },
    ExpressionAttributeValues: { ':language': input.language, ':now': nowIso(), ':user': caller.userId, ':one': 1 },
    ReturnValues: 'ALL_NEW',
  }));
  return { user: toLoginUser(Attributes as User, toLoginRights(caller.rights)) };
};
