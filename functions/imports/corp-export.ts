import { auditActor, type Operation } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { timestampedName, writeExport } from '#domain/imports/files.ts';
import { corpExportRecords, corpsInCodeOrder } from '#domain/imports/kinds/corp.ts';

const exportBase = { en: 'corps', ja: '法人一覧' } as const;

/**
 * Every legal entity (or those whose code starts with `search_key`) in code order, with the
 * template's columns: an export imports back without changing anything. Exporting a contract's
 * data is recorded in the audit log, though it changes nothing.
 */
export const corpExport: Operation<'com/corp_export'> = async (context) => {
  const { caller, input, language } = context;
  const corps = await corpsInCodeOrder(caller.kykId, input.search_key);
  const fileName = timestampedName(exportBase[language]);
  const download = await writeExport(caller.kykId, fileName, corpExportRecords(corps, language), input.encoding);
  await writeAudit(auditActor(context), {
    action: 'corp.export', targetType: 'export', targetId: fileName, before: null,
    after: { rows: corps.length, encoding: input.encoding, search_key: input.search_key ?? null },
  });
  return download;
};
