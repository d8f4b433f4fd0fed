import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { translate } from '@shared/messages.ts';
import type { DocumentSnapshot } from '@shared/schemas/bookkeeping-fields.ts';
import { isBookkeepingDocument, japanToday, monthOf, scannerCheckTexts, shortHash, snapshotChanges } from './bookkeeping.ts';

const snapshot = (patch: Partial<DocumentSnapshot>): DocumentSnapshot => ({ name: 'a.pdf', version: 1, document_style: 'e_trading', transaction_amount: 108000, ...patch });
// The catalogue's English texts stand in for i18next (the scanner texts are catalogue keys).
const t = ((key: string, params?: Record<string, string | number>) => translate('en', key as never, params)) as unknown as TFunction;

describe('bookkeeping helpers', () => {
  it('knows a bookkeeping document by its legal style or its retention', () => {
    expect(isBookkeepingDocument({ type: 'file', document_style: 'general' })).toBe(false);
    expect(isBookkeepingDocument({ type: 'file', document_style: 'scanner' })).toBe(true);
    expect(isBookkeepingDocument({ type: 'file', document_style: 'general', retention_until: '2033-05-31' })).toBe(true);
    expect(isBookkeepingDocument({ type: 'folder' })).toBe(false);
  });

  it('takes the calendar day in Japan and the month around it', () => {
    expect(japanToday(new Date('2026-03-31T15:30:00Z'))).toBe('2026-04-01');
    expect(japanToday(new Date('2026-03-31T14:59:00Z'))).toBe('2026-03-31');
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('lists only the fields a correction changed', () => {
    expect(snapshotChanges(snapshot({}), snapshot({ version: 2, transaction_amount: 110000 }))).toEqual([{ field: 'transaction_amount', before: 108000, after: 110000 }]);
    expect(snapshotChanges(snapshot({}), snapshot({ version: 2 }))).toEqual([]);
    expect(snapshotChanges(null, snapshot({}))).toEqual([]);
  });

  it('shortens a hash for a cell', () => {
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
  });

  it('words a stored scanner check with the catalogue, as the server does', () => {
    const base = { dpi: null, width: 1653, height: 2338, colour: 'rgb24' };
    expect(scannerCheckTexts({ ...base, status: 'non_compliant', findings: ['pixels'] }, { paper_size: 'A4' }, t)[0]).toContain('1653 × 2338 pixels');
    expect(scannerCheckTexts({ ...base, status: 'non_compliant', findings: ['pixels'] }, { paper_size: 'A4' }, t)[0]).toContain('at least 1654 × 2338');
    expect(scannerCheckTexts({ ...base, dpi: 150, status: 'non_compliant', findings: ['dpi'] }, {}, t)).toEqual([translate('en', 'scannerCheck.dpi', { dpi: 150, required: 200 })]);
    expect(scannerCheckTexts({ ...base, colour: 'grey8', status: 'non_compliant', findings: ['ledger_bit'] }, { scanner_grade: 'important' }, t)[0]).toContain('8-bit greyscale');
    expect(scannerCheckTexts({ ...base, status: 'compliant', findings: [] }, {}, t)).toHaveLength(2);
    expect(scannerCheckTexts({ ...base, status: 'unknown_size', findings: [] }, {}, t)).toEqual([translate('en', 'scannerCheck.unknownSize')]);
  });
});
