import { describe, expect, it } from 'vitest';
import type { ReadField, ReadFieldSet } from '@shared/schemas/read-fields.ts';
import { confidencePercent, confirmedReadFields, fillableFields, holdsReadValue, isConfirmation, isReadKind, offerFor, type ReadFieldValues } from './read-fields.ts';

const read = (value: string | number | null, extra: Partial<ReadField> = {}): ReadField => ({ value, confidence: 0.93, source: `line of ${String(value)}`, ...extra });

const fields: ReadFieldSet = {
  transaction_date: read('2024-04-01'),
  transaction_amount: read(108000),
  provider: read('株式会社サンプル商事'),
  invoice_number: read('T7000012050002'),
  recipient: read(null, { problem: 'low_confidence' }),
};

const empty: ReadFieldValues = { transaction_date: '', transaction_amount: '', provider: '', recipient: '', invoice_number: '' };

describe('the values read, offered beside the fields', () => {
  it('compares as the server does: the amount as a number, the registration number normalised, text trimmed', () => {
    expect(holdsReadValue('transaction_amount', '108,000', fields.transaction_amount)).toBe(true);
    expect(holdsReadValue('transaction_amount', '１０８０００', fields.transaction_amount)).toBe(true);
    expect(holdsReadValue('transaction_amount', '10800', fields.transaction_amount)).toBe(false);
    expect(holdsReadValue('invoice_number', 't7000012050002', fields.invoice_number)).toBe(true);
    expect(holdsReadValue('provider', ' 株式会社サンプル商事 ', fields.provider)).toBe(true);
    expect(holdsReadValue('recipient', '', fields.recipient)).toBe(false);
  });

  it('offers a value for an empty or different field, says when it is taken or already there, and gives a problem instead of a value', () => {
    const taken = new Set(['transaction_date'] as const);
    expect(offerFor('transaction_amount', '', fields.transaction_amount, taken)).toMatchObject({ kind: 'offer', value: '108000' });
    expect(offerFor('transaction_amount', '5000', fields.transaction_amount, taken)).toMatchObject({ kind: 'offer', value: '108000' });
    expect(offerFor('transaction_date', '2024-04-01', fields.transaction_date, taken)).toMatchObject({ kind: 'taken' });
    expect(offerFor('provider', '株式会社サンプル商事', fields.provider, taken)).toMatchObject({ kind: 'matches' });
    expect(offerFor('recipient', '', fields.recipient, taken)).toMatchObject({ kind: 'problem', problem: 'low_confidence' });
    expect(offerFor('recipient', '', undefined, taken)).toBeUndefined();
    expect(offerFor('recipient', '', read(null), taken)).toBeUndefined();
  });

  it('"Use all" fills the empty fields only: what is there, stored or typed, stays', () => {
    expect(fillableFields(empty, fields)).toEqual(['transaction_date', 'transaction_amount', 'provider', 'invoice_number']);
    expect(fillableFields({ ...empty, transaction_amount: '5000' }, fields)).toEqual(['transaction_date', 'provider', 'invoice_number']);
  });

  it('counts as confirmed exactly the fields taken from the reading that still hold the read value', () => {
    const values = { ...empty, transaction_date: '2024-04-01', transaction_amount: '108001', provider: '株式会社サンプル商事' };
    // The amount was taken and then typed over; the provider was typed by hand, never taken.
    expect(confirmedReadFields(new Set(['transaction_date', 'transaction_amount'] as const), values, fields)).toEqual(['transaction_date']);
    expect(confirmedReadFields(new Set(), values, fields)).toEqual([]);
  });
});

describe('a save that only confirms read values', () => {
  const general = { document_style: 'general' as const };
  const body = { id: 'f', row_version: 1 };

  it('is one when every changed field was empty and takes its read value, with a general file\'s first style beside them', () => {
    expect(isConfirmation(general, { ...body, transaction_date: '2024-04-01', transaction_amount: 108000 }, ['transaction_date', 'transaction_amount'])).toBe(true);
    expect(isConfirmation(general, { ...body, document_style: 'e_bookkeeping', transaction_date: '2024-04-01' }, ['transaction_date'])).toBe(true);
    expect(isConfirmation({ document_style: 'e_trading' }, { ...body, provider: '株式会社サンプル商事', reason: 'x' }, ['provider'])).toBe(true);
  });

  it('is a change of the user\'s own when a field was not taken, was filled before, is cleared, or the style of a legal document changes', () => {
    expect(isConfirmation(general, { ...body, transaction_date: '2024-04-01', provider: 'typed' }, ['transaction_date'])).toBe(false);
    expect(isConfirmation({ ...general, transaction_date: '2024-03-31' }, { ...body, transaction_date: '2024-04-01' }, ['transaction_date'])).toBe(false);
    expect(isConfirmation(general, { ...body, transaction_date: null }, ['transaction_date'])).toBe(false);
    expect(isConfirmation({ document_style: 'e_trading' }, { ...body, document_style: 'e_bookkeeping', provider: 'p' }, ['provider'])).toBe(false);
    expect(isConfirmation(general, { ...body, transaction_date: '2024-04-01', properties: {} }, ['transaction_date'])).toBe(false);
    expect(isConfirmation(general, { ...body }, [])).toBe(false);
  });

  it('says the confidence in whole percent', () => {
    expect(confidencePercent(0.926)).toBe(93);
    expect(confidencePercent(1.2)).toBe(100);
  });
});

describe('which uploads the confirmation step follows', () => {
  it('follows PDFs and images, by name or by type, and not text, Office files or SVG markup', () => {
    expect(['請求書.pdf', 'scan.JPG', 'receipt.png', 'page.tiff', 'photo.heic'].map((name) => isReadKind({ name }))).toEqual([true, true, true, true, true]);
    expect(isReadKind({ name: 'invoice', type: 'application/pdf' })).toBe(true);
    expect(isReadKind({ name: 'scan', type: 'image/jpeg' })).toBe(true);
    expect(['notes.txt', 'amounts.csv', 'contract.docx', 'logo.svg', 'archive.zip'].map((name) => isReadKind({ name }))).toEqual([false, false, false, false, false]);
  });
});
