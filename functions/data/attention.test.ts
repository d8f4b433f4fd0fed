import { beforeAll, describe, expect, it } from 'vitest';
import type { ScannerCheckResult } from '#shared/schemas/bookkeeping-fields.ts';
import { attentionChange, attentionReasons } from './attention.ts';

const check = (status: ScannerCheckResult['status']): ScannerCheckResult => ({
  status, findings: status === 'compliant' ? [] : ['dpi'], dpi: 150, width: 400, height: 400, colour: 'rgb24', checked_at: '2026-12-01T00:00:00.000Z',
});
const scan = { kyk_id: 'k', id: '00000000-0000-4000-8000-000000000001', regist_date: '2026-12-01T00:00:00.000Z', type: 'file' as const, version: 1, document_style: 'scanner' as const };
const general = { ...scan, document_style: 'general' as const };

describe('needs attention: what a file needs and the write that keeps its row', () => {
  beforeAll(() => {
    process.env.TABLE_NAME ??= 'attention-unit';
  });

  it('a failed check counts while its version is current; a late scan always', () => {
    expect(attentionReasons({ ...scan, scanner_check: check('non_compliant'), scanner_check_version: 1 })).toEqual(['scanner_check']);
    expect(attentionReasons({ ...scan, version: 2, scanner_check: check('non_compliant'), scanner_check_version: 1 })).toEqual([]);
    expect(attentionReasons({ ...scan, scanner_check: check('compliant'), scanner_check_version: 1, input_late: true })).toEqual(['late']);
    expect(attentionReasons({ ...scan, type: 'folder' })).toEqual([]);
  });

  it('puts the row with its reasons, removes a scan\'s when it needs nothing (or leaves the drive), and writes nothing for ordinary files', () => {
    const failed = { ...scan, scanner_check: check('unreadable'), scanner_check_version: 1 };
    const [put] = attentionChange(scan, failed);
    expect(put).toMatchObject({ label: 'attention', Put: { Item: { pk: 'T#k#ATTENTION', sk: `${scan.regist_date}#${scan.id}`, item_id: scan.id, reasons: ['scanner_check'] } } });
    // New bytes pass: the row of the earlier bytes' failure goes, whatever `before` shows.
    expect(attentionChange({ ...scan, version: 2 }, { ...scan, version: 2, scanner_check: check('compliant'), scanner_check_version: 2 })).toMatchObject([{ Delete: { Key: { sk: `${scan.regist_date}#${scan.id}` } } }]);
    expect(attentionChange(failed, undefined)).toMatchObject([{ Delete: {} }]);
    expect(attentionChange(general, { ...general, version: 2 })).toEqual([]);
    expect(attentionChange(undefined, general)).toEqual([]);
  });
});
