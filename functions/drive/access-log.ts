import { ACCESS_EXPORT_MAX, type AccessEvent, type AccessLogExportRequest } from '#shared/schemas/drive-usage.ts';
import { translate, type Language } from '#shared/messages.ts';
import { auditActor, type Caller, type Operation } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { decodeCursor, encodeCursor } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { timestampedName, writeExport } from '#domain/imports/files.ts';
import { ACCESS_BOUND_PATTERN, listAccessEvents, type AccessQuery, type AccessEvent as StoredEvent } from '#data/access-log.ts';

/**
 * The access log's scope: administrators read the contract's events, everyone else their own (a
 * request for another user's answers -101). The filters are the list's and the export's.
 */
function scopedQuery(caller: Caller, input: Omit<AccessLogExportRequest, 'date_to'> & { date_to?: string }) {
  const scope = caller.rights.admin ? 'contract' : 'own';
  if (scope === 'own' && input.user_id !== undefined && input.user_id !== caller.userId) throw new DomainError('permissionError');
  const query: Omit<AccessQuery, 'pageSize'> = {
    ...(scope === 'own' ? { userId: caller.userId } : input.user_id !== undefined ? { userId: input.user_id } : {}),
    ...(input.action !== undefined ? { action: input.action } : {}),
    ...(input.item_id !== undefined ? { itemId: input.item_id } : {}),
    ...(input.date_from !== undefined ? { from: new Date(input.date_from).toISOString() } : {}),
    ...(input.date_to !== undefined ? { before: new Date(input.date_to).toISOString() } : {}),
  };
  return { scope, query } as const;
}

const toAnswer = ({ kyk_id: _tenant, ...event }: StoredEvent): AccessEvent => event;

/** One page of the access log, newest first; the cursor is the last event's sort key. */
export const listAccessLog: Operation<'com_drive/access_log'> = async ({ caller, input }) => {
  const { scope, query } = scopedQuery(caller, input);
  if (input.cursor !== undefined) {
    const bound = decodeCursor(input.cursor)?.s;
    if (typeof bound !== 'string' || !ACCESS_BOUND_PATTERN.test(bound)) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
    // A cursor never reaches above the range asked for.
    if (query.before === undefined || bound < query.before) query.before = bound;
  }
  const page = await listAccessEvents(caller.kykId, { ...query, pageSize: input.page_size });
  return { events: page.events.map(toAnswer), scope, next_cursor: page.next === null ? null : encodeCursor({ s: page.next }) };
};

/** Dates in the contract's time zone (Japan), in the language's order (SPEC.md §9). */
function localTime(iso: string, language: Language): string {
  const jst = new Date(Date.parse(iso) + 9 * 3_600_000).toISOString();
  const [date, time] = [jst.slice(0, 10), jst.slice(11, 19)];
  const [year, month, day] = date.split('-');
  return language === 'ja' ? `${year}/${month}/${day} ${time}` : `${day}/${month}/${year} ${time}`;
}

const EXPORT_PAGE = 1000;

/** Who did it as the log shows it: the user's name, or for a download through a share link the link's. */
export const actorName = (event: Pick<StoredEvent, 'user_nm' | 'link_id'>, language: Language): string =>
  event.link_id ? translate(language, 'accessLog.anonymousThroughLink', { link: event.link_id }) : event.user_nm;

/**
 * The events the filter matches as CSV (UTF-8 with a BOM, as every export), newest first, at most
 * ACCESS_EXPORT_MAX rows (`truncated` says when more matched), answered as a presigned download.
 * The export itself is audited.
 */
export const exportAccessLog: Operation<'com_drive/access_log_export'> = async (context) => {
  const { caller, input, language } = context;
  const { query } = scopedQuery(caller, input);
  const events: StoredEvent[] = [];
  let truncated = false;
  for (;;) {
    const page = await listAccessEvents(caller.kykId, { ...query, pageSize: EXPORT_PAGE });
    events.push(...page.events);
    if (page.next === null) break;
    if (events.length >= ACCESS_EXPORT_MAX) {
      truncated = true;
      break;
    }
    query.before = page.next;
  }
  if (events.length > ACCESS_EXPORT_MAX) {
    truncated = true;
    events.length = ACCESS_EXPORT_MAX;
  }
  const text = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const header = [
    text('accessLog.columnAt'), text('accessLog.columnUserId'), text('accessLog.columnUserName'), text('accessLog.columnAction'), text('accessLog.columnType'),
    text('accessLog.columnName'), text('accessLog.columnItemId'), text('accessLog.columnSize'), text('accessLog.columnDetail'),
  ];
  const rows = events.map((event) => [
    localTime(event.at, language), event.user_id, actorName(event, language), text(`accessLog.${event.action}`),
    text(event.item_type === 'folder' ? 'accessLog.typeFolder' : 'accessLog.typeFile'), event.item_name, event.item_id,
    event.size === null ? '' : String(event.size), event.detail ?? '',
  ]);
  const fileName = timestampedName(text('accessLog.exportName'));
  const download = await writeExport(caller.kykId, fileName, [header, ...rows], 'utf-8');
  await writeAudit(auditActor(context), {
    action: 'drive.access_log_export', targetType: 'export', targetId: fileName, before: null,
    after: { rows: rows.length, truncated, ...input },
  });
  return { ...download, rows: rows.length, truncated };
};
