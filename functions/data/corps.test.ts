import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CorpWriteError, insertCorp, nameKey, type CorpRecord } from './corps.ts';
import { cancelled, faultClient } from '#lib/data/fault-client.ts';


const record: CorpRecord = {
  kyk_id: 'demo', corp_id: '0b6b7f5e-3c1a-4d8e-9f00-123456789abc', corp_cd: 'A1', corp_nm: 'Acme', name_key: 'acme', address: '', tel: '', note: '',
  limited_list: [], user_count: 0, row_version: 1, regist_date: '2026-01-01T00:00:00.000Z', regist_user_nm: 'x', update_date: '2026-01-01T00:00:00.000Z', update_user_nm: 'x',
};

describe('corp transactions', () => {
  const dynamo = faultClient();

  it('retries a transaction that lost only to a concurrent one (e.g. on the counter item)', async () => {
    dynamo.on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'None', 'None', 'TransactionConflict'))
      .rejectsOnce(cancelled('None', 'None', 'None', 'TransactionConflict'))
      .resolves({});
    await insertCorp(record, []);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('never retries a refused condition: a taken code is the answer', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'TransactionConflict'));
    await expect(insertCorp(record, [])).rejects.toEqual(new CorpWriteError('code-taken'));
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('gives up after a bounded number of conflicts', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict', 'None', 'None'));
    await expect(insertCorp(record, [])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(6);
  });
});

describe('nameKey', () => {
  it('folds case and full- and half-width forms', () => {
    expect(nameKey('Ｂｅｔａ 商事')).toBe('beta 商事');
    expect(nameKey('ｱｲｳ工業')).toBe('アイウ工業');
  });
});
