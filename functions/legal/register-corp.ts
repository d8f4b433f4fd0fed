import { randomUUID } from 'node:crypto';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { insertCorp, nameKey, toCorp, type CorpRecord } from '#data/corps.ts';
import { corpWriteOutcome } from './outcomes.ts';

/** A new legal entity: the code is unique in the contract (a duplicate answers -4 on `corp_cd`). */
export const registerCorp: Operation<'com/corp_info_reg_btn'> = async (context) => {
  const { caller, input } = context;
  const now = nowIso();
  const corpNm = input.corp_nm.trim();
  const record: CorpRecord = {
    kyk_id: caller.kykId,
    corp_id: randomUUID(),
    corp_cd: input.corp_cd.trim(),
    corp_nm: corpNm,
    name_key: nameKey(corpNm),
    address: input.address,
    tel: input.tel,
    note: input.note,
    limited_list: [],
    user_count: 0,
    row_version: 1,
    regist_date: now,
    regist_user_nm: caller.user.user_nm,
    update_date: now,
    update_user_nm: caller.user.user_nm,
  };
  const corp = toCorp(record);
  try {
    await insertCorp(record, [
      auditPut(auditActor(context), { action: 'corp.create', targetType: 'corp', targetId: record.corp_id, before: null, after: corp }),
    ]);
  } catch (error) {
    throw corpWriteOutcome(error);
  }
  return { corp };
};
