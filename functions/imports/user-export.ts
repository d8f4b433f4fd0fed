import { auditActor, type Operation, type OperationContext } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { timestampedName, writeExport } from '#domain/imports/files.ts';
import { loadDirectory, userAtpExportRecords, userExportRecords, usersInIdOrder } from '#domain/imports/kinds/user.ts';

const exportBase = { en: 'users', ja: 'ユーザー一覧' } as const;
const atpExportBase = { en: 'users_property', ja: 'ユーザー一覧_プロパティ' } as const;

/**
 * The caller's contract's users (filtered as the user list: search key on the user ID, group,
 * legal entity, status) in user-ID order. `user_export` has the import's columns, so it imports
 * back unchanged; `user_export_atp` the property module's settings only (user_id, user_nm,
 * atp_admin_permission, atp_lapse_flg, group_atp), a report that is not an import format. Neither
 * holds a password hash, temporary password or TOTP secret. Each export is audited.
 */
async function exportUsers(context: OperationContext<'com/user_export' | 'com/user_export_atp'>, atp: boolean) {
  const { caller, input, language } = context;
  const [users, directory] = await Promise.all([usersInIdOrder(caller.kykId, input), loadDirectory(caller.kykId)]);
  const fileName = timestampedName((atp ? atpExportBase : exportBase)[language]);
  const records = atp ? userAtpExportRecords(users, directory, language) : userExportRecords(users, directory, language);
  const download = await writeExport(caller.kykId, fileName, records, input.encoding);
  await writeAudit(auditActor(context), {
    action: atp ? 'user.export_atp' : 'user.export', targetType: 'export', targetId: fileName, before: null,
    after: {
      rows: users.length, encoding: input.encoding, search_key: input.search_key ?? null,
      user_group_id: input.user_group_id ?? null, corp_id: input.corp_id ?? null, status: input.status ?? null,
    },
  });
  return download;
}

export const userExport: Operation<'com/user_export'> = (context) => exportUsers(context, false);
export const userExportAtp: Operation<'com/user_export_atp'> = (context) => exportUsers(context, true);
