import type { Operation } from '#lib/api-handler.ts';
import { decodeCursor, encodeCursor } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { isAuditPosition, queryAuditLog } from '#data/audit-log.ts';
import { withTargetNames } from './target-names.ts';

/**
 * One page of the contract's audit log, newest first (the route admits administrators of the
 * contract only; the tenant comes from the token). The range (at most 92 days, not reversed) is
 * checked by the request schema; a cursor outside it, or not one of ours, answers -4. Each record
 * carries its item's name (target-names.ts).
 */
export const listAuditLog: Operation<'com/audit_log_list'> = async ({ caller, input }) => {
  const until = input.until ?? new Date().toISOString();
  let after: string | undefined;
  if (input.cursor !== undefined) {
    const position = decodeCursor(input.cursor)?.s;
    if (!isAuditPosition(position) || position < new Date(input.since).toISOString()) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
    after = position;
  }
  const page = await queryAuditLog({
    kykId: caller.kykId, since: input.since, until, kind: input.kind, pageSize: input.page_size,
    ...(input.user_id !== undefined ? { userId: input.user_id } : {}),
    ...(input.action ? { action: input.action } : {}),
    ...(input.target_type !== undefined && input.target_id !== undefined ? { target: { type: input.target_type, id: input.target_id } } : {}),
    ...(after !== undefined ? { after } : {}),
  });
  return {
    records: (await withTargetNames(caller.kykId, page.records)).map(({ sk, ...record }) => ({ id: sk, ...record })),
    next_cursor: page.next === null ? null : encodeCursor({ s: page.next }),
  };
};
