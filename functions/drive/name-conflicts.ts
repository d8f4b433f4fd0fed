import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Caller } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { ItemChangedError, nameKey, type DocumentFields, type FolderAcl, type ItemRecord } from '#data/drive-items.ts';
import { trashItem, UploadInProgressError } from '#data/drive-trash.ts';
import { NameClaimChangedError, registerUpload, type UploadLimits } from '#data/pending-uploads.ts';
import { destructiveChoices, isLegalDocumentStyle, type ConflictChoice, type FileRegisterResponse } from '#shared/schemas/drive.ts';
import { startVersionUpload } from './version-upload.ts';
import { isBookkeepingChange, requireReason } from '#domain/drive/bookkeeping.ts';
import { freeNumber, numberedName, NUMBERED_NAME_ATTEMPTS } from '#domain/drive/numbered-names.ts';

/** The choices a file refuses: the legal document styles are never destroyed (SPEC.md §4). */
export const refusedChoices = (item: Pick<ItemRecord, 'document_style'>): ConflictChoice[] =>
  isLegalDocumentStyle(item.document_style) ? [...destructiveChoices] : [];

const documentFields = (record: ItemRecord): DocumentFields => {
  const fields = ['document_style', 'transaction_date', 'transaction_amount', 'recipient', 'provider', 'invoice_number', 'scanner_grade', 'paper_size', 'received_date', 'retention_until', 'input_deadline', 'input_late'] as const;
  return Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]));
};

export type ConflictOutcome = { response: FileRegisterResponse } | { item: ItemRecord; trashedId?: string };

/**
 * A registration whose name a ready file holds, with the user's choice (docs/drive.md "Versions"):
 * a new version of that file (`replace`, `old_version`), the new file under the next free numbered
 * name (`keep_both`, race-safe: the numbered name is claimed like any other), or the old file to
 * the trash and the new one under the name (`delete_old`). The legal document styles refuse the
 * destructive choices (-990000090009); changing or trashing another's file needs the rights to.
 */
export async function resolveNameConflict(options: {
  caller: Caller; choice: ConflictChoice; existing: ItemRecord; record: ItemRecord & { expires_at: number }; limits: UploadLimits; reason?: string;
  /** The settings of the folders above the old file (what governs it in the trash). */
  settings: FolderAcl[];
}): Promise<ConflictOutcome> {
  const { caller, choice, existing, record, limits } = options;
  if (refusedChoices(existing).includes(choice)) throw new DomainError('oldFileDeletionNotAllowed');
  if (choice !== 'keep_both' && !mayChangeItem(caller.rights, caller.userId, existing)) throw new DomainError('permissionError');
  // New bytes for a bookkeeping document are a correction: recorded with its reason.
  const reason = choice === 'old_version' && isBookkeepingChange(existing) ? requireReason(options.reason) : undefined;

  if (choice === 'replace' || choice === 'old_version') {
    const response = await startVersionUpload({
      caller, item: existing, size: record.declared_size!, contentType: record.content_type ?? 'application/octet-stream', limits,
      // `replace`: the new document takes the old one's place, its fields included; the old bytes stay in the history.
      ...(choice === 'replace' ? { fields: documentFields(record) } : {}),
      ...(reason ? { reason } : {}),
    });
    return { response };
  }

  if (choice === 'keep_both') {
    for (let attempt = 0; attempt < NUMBERED_NAME_ATTEMPTS; attempt++) {
      const name = numberedName(record.name, await freeNumber(caller.kykId, record.parent_id, record.name));
      const numbered = { ...record, name, name_key: nameKey(name) };
      try {
        await registerUpload({ record: numbered, limits });
        return { item: numbered };
      } catch (error) {
        // Another upload claimed that number first: look again.
        if (!(error instanceof NameClaimChangedError)) throw error;
      }
    }
    throw new DomainError('folderNameDuplicate', {}, { name: 'code.folderNameDuplicate' });
  }

  // delete_old: the old file goes to the trash (as com_drive/delete_btn would), freeing the name.
  try {
    await trashItem(existing, { userId: caller.userId, date: nowIso(), expectedVersion: existing.row_version, settings: options.settings });
  } catch (error) {
    if (error instanceof UploadInProgressError) throw new DomainError('deleteFailure');
    if (error instanceof ItemChangedError) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  await registerUpload({ record, limits });
  return { item: record, trashedId: existing.id };
}
