import { createHash } from 'node:crypto';
import { objectChunks } from '#lib/object-storage.ts';
import type { Logger } from '#lib/logger.ts';
import type { ScannerCheckResult } from '#shared/schemas/bookkeeping-fields.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { recordBookkeepingChecks } from '#data/file-versions.ts';
import { checkScannedDocument } from '#domain/ebookkeeping/scanner-check.ts';
import { extendLock } from '#lib/object-lock.ts';
import { isBookkeepingChange, retainUntilOf } from './bookkeeping.ts';

/** Scans are images and PDFs of paper; larger bytes are hashed as a stream but not read whole for the checks. */
const SCANNER_CHECK_MAX_BYTES = 200 * 1024 ** 2;

/**
 * What the storage event does with the bytes of a bookkeeping document once its upload is
 * confirmed (docs/e-bookkeeping.md): their SHA-256 for the tax-office export and, for scanner
 * storage, the scanner checks (resolution or pixels for the paper, colour for the grade), stored on
 * the version and shown on the file; then the bytes are locked until the retention ends (Object Lock). A failure is logged and leaves the upload confirmed: the
 * export computes a missing hash, and the checks show as not done.
 */
export async function checkBookkeepingBytes(item: ItemRecord, log: Logger): Promise<void> {
  if (item.type !== 'file' || !item.s3_key || !isBookkeepingChange(item)) return;
  try {
    const checked = item.document_style === 'scanner' && (item.size ?? 0) <= SCANNER_CHECK_MAX_BYTES;
    const hash = createHash('sha256');
    const chunks: Uint8Array[] = [];
    for await (const chunk of objectChunks(item.s3_key)) {
      hash.update(chunk);
      if (checked) chunks.push(chunk);
    }
    const sha256 = hash.digest('hex');
    let scannerCheck: ScannerCheckResult | undefined;
    if (checked) {
      const result = await checkScannedDocument(Buffer.concat(chunks), { paperSize: item.paper_size ?? 'A4', grade: item.scanner_grade ?? 'important' });
      scannerCheck = {
        status: result.status, findings: result.findings, dpi: result.dpi, width: result.width || null, height: result.height || null,
        colour: result.colour, checked_at: new Date().toISOString(),
      };
    }
    await recordBookkeepingChecks(item.kyk_id, item.id, item.version, { sha256, ...(scannerCheck ? { scannerCheck } : {}) }, item);
    // In AWS the bucket itself refuses to delete the bytes before the retention ends (Object Lock).
    if (item.retention_until) await extendLock(item.s3_key, retainUntilOf(item.retention_until));
    if (scannerCheck && scannerCheck.status !== 'compliant') log.info('scanner check not compliant', { kyk: item.kyk_id, item: item.id, version: item.version, findings: scannerCheck.findings });
  } catch (error) {
    log.error('bookkeeping checks failed', { error, kyk: item.kyk_id, item: item.id, version: item.version });
  }
}
