import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Operation } from '#lib/api-handler.ts';
import { toLoginRights } from '#domain/access.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table } from '#lib/data/table.ts';
import { toLoginUser, userKey, type User } from '#lib/data/users.ts';

/** user_info_file_regist_change: the signed-in user's own file-registration method (simple 0, detailed 1). */
export const changeFileRegistMethod: Operation<'com/user_info_file_regist_change'> = async ({ caller, input }) => {
  const { Attributes } = await db().send(new UpdateCommand({
    TableName: table(),
    Key: userKey(caller.kykId, caller.userId),
    UpdateExpression: 'SET file_regist_method = :method, update_date = :now, update_user_id = :user ADD row_version :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':method': input.file_regist_method, ':now': nowIso(), ':user': caller.userId, ':one': 1 },
    ReturnValues: 'ALL_NEW',
  }));
  return { user: toLoginUser(Attributes as User, toLoginRights(caller.rights)) };
};
