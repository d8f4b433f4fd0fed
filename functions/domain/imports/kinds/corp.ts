import { randomUUID } from 'node:crypto';
import { translate, type Language, type MessageKey } from '#shared/messages.ts';
import { corpRegisterRequest } from '#shared/schemas/legal.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { CorpWriteError, getCorp, insertCorp, listCorps, nameKey, toCorp, updateCorp, type CorpChanges, type CorpRecord } from '#data/corps.ts';
import { defineKind, headerRecord, type ImportContext, type ImportRow, type RowOutcome } from './types.ts';
import { corpByClaim } from '#data/corps.ts';

/**
 * Legal entities (corporations) as CSV: the columns of the template, of the export and of an
 * import, in this order. A row is validated with the same zod schema as the registration form
 * (`corpRegisterRequest`) and written through the legal feature's own data functions, so codes stay
 * unique (the code claim), counts exact and every change audited in its own transaction.
 */
export const corpColumns = [
  { name: 'corp_cd', labels: { en: 'corp_cd', ja: '法人コード' } },
  { name: 'corp_nm', labels: { en: 'corp_nm', ja: '法人名' } },
  { name: 'address', labels: { en: 'address', ja: '住所' } },
  { name: 'tel', labels: { en: 'tel', ja: '電話番号' } },
  { name: 'note', labels: { en: 'note', ja: '備考' } },
] as const;
type CorpColumn = (typeof corpColumns)[number]['name'];

/** Corps per file: writes of new corps all count on one counter item, so they cannot run very wide. */
export const CORP_IMPORT_MAX_ROWS = 20_000;

const ALL = 1_000_000;

/** Every corp of the contract, or those whose code starts with `searchKey`, in code order. */
export async function corpsInCodeOrder(kykId: string, searchKey?: string): Promise<CorpRecord[]> {
  return (await listCorps(kykId, { sortItem: 'corp_cd', ascending: true, pageSize: ALL, page: 1, searchKey })).corps;
}

/** Template (header only) and export records: the stored values as they are, so an export imports back unchanged. */
export const corpTemplateRecords = (language: Language): string[][] => [headerRecord({ columns: corpColumns }, language)];

export const corpExportRecords = (corps: CorpRecord[], language: Language): string[][] => [
  headerRecord({ columns: corpColumns }, language),
  ...corps.map((corp) => [corp.corp_cd, corp.corp_nm, corp.address, corp.tel, corp.note]),
];

type Validated = { corp_cd: string; corp_nm: string; address: string; tel: string; note: string };

/** The schema's verdict on a row: its values, or one message per failing column (in column order). */
function validate(row: ImportRow<CorpColumn>, language: Language): { ok: true; data: Validated } | { ok: false; messages: string[] } {
  const parsed = corpRegisterRequest.safeParse(row.values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (byField.has(field)) continue;
    const key = (/^(validation|code|notice)\.\w+$/.test(issue.message) ? issue.message : 'validation.invalidValue') as MessageKey;
    const message = translate(language, key, issue.code === 'too_big' ? { max: Number(issue.maximum) } : {});
    byField.set(field, message);
  }
  const messages = corpColumns
    .filter((column) => byField.has(column.name))
    .map((column) => translate(language, 'importResult.fieldError', { column: row.labels[column.name], message: byField.get(column.name)! }));
  return { ok: false, messages };
}


const sameData = (corp: CorpRecord, data: Validated): boolean =>
  corp.corp_nm === data.corp_nm && corp.address === data.address && corp.tel === data.tel && corp.note === data.note;

function corpApplier(context: ImportContext, existing: Map<string, CorpRecord>) {
  const { actor, kykId, language } = context;

  async function create(data: Validated): Promise<RowOutcome | 'taken'> {
    const now = nowIso();
    const record: CorpRecord = {
      kyk_id: kykId,
      corp_id: randomUUID(),
      corp_cd: data.corp_cd,
      corp_nm: data.corp_nm,
      name_key: nameKey(data.corp_nm),
      address: data.address,
      tel: data.tel,
      note: data.note,
      limited_list: [],
      user_count: 0,
      row_version: 1,
      regist_date: now,
      regist_user_nm: actor.userName,
      update_date: now,
      update_user_nm: actor.userName,
    };
    try {
      await insertCorp(record, [
        auditPut(actor, { action: 'corp.create', targetType: 'corp', targetId: record.corp_id, before: null, after: toCorp(record) }),
      ]);
    } catch (error) {
      if (error instanceof CorpWriteError && error.reason === 'code-taken') return 'taken';
      throw error;
    }
    existing.set(record.corp_cd, record);
    return { result: 'ok', action: 'created', messages: [] };
  }

  /**
   * Optimistic: the update is conditional on the version read. A refusal is a concurrent edit,
   * unless the version read was older than the job (the corps are listed from an index, which may
   * lag a moment behind): then the corp is read again and the row retried once.
   */
  async function update(current: CorpRecord, data: Validated, retried = false): Promise<RowOutcome> {
    if (sameData(current, data)) return { result: 'ok', action: 'unchanged', messages: [] };
    const changes: CorpChanges = {
      corp_nm: data.corp_nm, address: data.address, tel: data.tel, note: data.note, update_date: nowIso(), update_user_nm: actor.userName,
    };
    const after = toCorp({ ...current, ...changes, name_key: nameKey(data.corp_nm), row_version: current.row_version + 1 });
    try {
      const written = await updateCorp(current, changes, [
        auditPut(actor, { action: 'corp.update', targetType: 'corp', targetId: current.corp_id, before: toCorp(current), after }),
      ]);
      existing.set(written.corp_cd, written);
      return { result: 'ok', action: 'updated', messages: [] };
    } catch (error) {
      if (!(error instanceof CorpWriteError)) throw error;
      const fresh = retried ? undefined : await getCorp(kykId, current.corp_id);
      if (fresh && fresh.corp_cd === current.corp_cd && fresh.update_date < context.startedAt) return update(fresh, data, true);
      return { result: 'error', action: null, messages: [translate(language, 'importResult.rowStale')] };
    }
  }

  return async (row: ImportRow<CorpColumn>): Promise<RowOutcome> => {
    const checked = validate(row, language);
    if (!checked.ok) return { result: 'error', action: null, messages: checked.messages };
    // The registration form trims code and name too; here the user is told.
    const data = { ...checked.data, corp_cd: checked.data.corp_cd.trim(), corp_nm: checked.data.corp_nm.trim() };
    const warnings = (['corp_cd', 'corp_nm'] as const)
      .filter((field) => data[field] !== row.values[field])
      .map((field) => translate(language, 'importResult.trimmed', { column: row.labels[field] }));

    let current = existing.get(data.corp_cd);
    let outcome: RowOutcome | 'taken' = current ? await update(current, data) : await create(data);
    if (outcome === 'taken') {
      // Registered by someone else after the import read the corps: update that one instead.
      current = await corpByClaim(kykId, data.corp_cd);
      outcome = current
        ? await update(current, data)
        : { result: 'error', action: null, messages: [translate(language, 'validation.corpCodeDuplicate')] };
    }
    if (outcome.result === 'error' || warnings.length === 0) return outcome;
    return { result: 'warning', action: outcome.action, messages: [...outcome.messages, ...warnings] };
  };
}

export const corpImport = defineKind<CorpColumn>({
  kind: 'corp',
  columns: corpColumns,
  keyColumn: 'corp_cd',
  normalizeKey: (raw) => raw.trim(),
  maxRows: CORP_IMPORT_MAX_ROWS,
  concurrency: 8,
  async open(context) {
    const corps = await corpsInCodeOrder(context.kykId);
    return corpApplier(context, new Map(corps.map((corp) => [corp.corp_cd, corp])));
  },
});
