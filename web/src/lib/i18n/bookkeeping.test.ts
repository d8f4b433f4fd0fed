import { describe, expect, it } from 'vitest';
import { parseInvoiceNumber } from '@shared/invoice-number.ts';
import { catalogue } from '@shared/message-catalogue.ts';
import { bookkeepingTexts } from './bookkeeping.ts';

describe('the invoice-number hint', () => {
  it('gives an example that passes its own check digit, in both languages, as the format message does', () => {
    for (const language of ['en', 'ja'] as const) {
      for (const text of [bookkeepingTexts[language].fields.invoiceNumberHint, catalogue[language].validation.invoiceNumberFormat]) {
        const example = /T\d{13}/.exec(text)?.[0];
        expect(example, text).toBeDefined();
        expect(parseInvoiceNumber(example!), text).toMatchObject({ ok: true });
      }
    }
  });
});
