import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { itemKey } from '#data/drive-items.ts';
import { aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, seen } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const TAX = { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: '株式会社テスト' } as const;
const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;

const trashOf = async (token: string) => {
  const result = await call('com_drive/recycle_list', { page_size: 100 }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.items;
};

/**
 * What the trash and the version history tell a user before they act (issue 28 items 14 and 22):
 * a retained document's last day in the trash listing, so Delete forever can be refused up front,
 * and who made each version by name.
 */
describe('drive: the trash names a document\'s retention end, the history its makers', () => {
  let t: TestTenant;
  let updater: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    updater = await aUser(t, { user_nm: '佐藤 花子', indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('lists a retained document with the last day it is kept, a general file and a document past its retention without one', async () => {
    const document = await aFile(updater.token, 'root', unique('invoice.pdf'), TAX);
    const plain = await aFile(updater.token, 'root', unique('memo.pdf'));
    const past = await aFile(updater.token, 'root', unique('old.pdf'), TAX);
    const deleted = await call('com_drive/delete_btn', { items: [seen(document), seen(plain), seen(past)], reason: '整理' }, updater.token);
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(0);
    // The years passing: its retention end and its date long ago.
    await db().send(new UpdateCommand({
      TableName: table(), Key: itemKey(t.kykId, past.id), UpdateExpression: 'SET retention_until = :day, transaction_date = :date',
      ExpressionAttributeValues: { ':day': '2020-01-01', ':date': '2012-04-01' },
    }));

    const trash = await trashOf(updater.token);
    expect(trash.find((entry) => entry.id === document.id)).toMatchObject({ retained_until: '2033-05-31' });
    expect(trash.find((entry) => entry.id === plain.id)).not.toHaveProperty('retained_until');
    expect(trash.find((entry) => entry.id === past.id)).not.toHaveProperty('retained_until');
    // The administrator's view of the same trash says the same.
    expect((await trashOf(t.token)).find((entry) => entry.id === document.id)?.retained_until).toBe('2033-05-31');
  });

  it('names who made each version', async () => {
    const file = await aFile(updater.token, 'root', unique('report.pdf'));
    const history = await call('com_drive/file_history', { id: file.id, page_size: 100 }, t.token);
    expect(history.body.code, JSON.stringify(history.body)).toBe(0);
    expect(history.body.data!.versions.map((version) => [version.regist_user_id, version.regist_user_nm])).toEqual([[updater.userId, '佐藤 花子']]);
  });
});
