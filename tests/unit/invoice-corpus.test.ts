import { describe, expect, it } from 'vitest';
import { parseInvoiceNumber } from '#shared/invoice-number.ts';
import { expectedFields, generateTruth, Rng } from '../support/invoice-corpus/generate.ts';
import { addDays, dateOf, formatDate, type DocumentTruth } from '../support/invoice-corpus/kit.ts';
import { layouts } from '../support/invoice-corpus/templates.ts';

/**
 * The generated invoice corpus (tests/support/invoice-corpus/) scores the field reading in the bench:
 * its truths must be right, or the bench scores the generator instead of the parsers.
 */
const today = '2026-12-02';
const corpus: DocumentTruth[] = layouts.flatMap((layout) => {
  const rng = Rng.of('unit', layout.name);
  return Array.from({ length: 40 }, (_, index) => generateTruth(rng, layout, { today, id: `${layout.name}-${index}` }));
});

/** 和暦 back to YYYY-MM-DD, written apart from the generator's own formatting (令和 only, and 平成's last year). */
function fromWareki(text: string): string | undefined {
  const plain = text.normalize('NFKC');
  const long = /^(令和|平成)(元|\d+)年(\d+)月(\d+)日$/u.exec(plain);
  const short = /^([RH])(\d+)\.(\d+)\.(\d+)$/u.exec(plain);
  const match = long ?? short;
  if (!match) return undefined;
  const eraYear = match[2] === '元' ? 1 : Number(match[2]);
  const year = eraYear + (match[1] === '令和' || match[1] === 'R' ? 2018 : 1988);
  return `${year}-${match[3]!.padStart(2, '0')}-${match[4]!.padStart(2, '0')}`;
}

describe('the invoice corpus generator', () => {
  it('has tune and held-out layouts, with a Japanese invoice, a receipt and an English invoice held out', () => {
    const names = layouts.map((layout) => layout.name);
    expect(new Set(names).size).toBe(names.length);
    expect(layouts.length).toBeGreaterThanOrEqual(8);
    const heldOut = layouts.filter((layout) => layout.split === 'held_out');
    expect(heldOut.length).toBeGreaterThanOrEqual(3);
    expect(layouts.some((layout) => layout.split === 'tune')).toBe(true);
    expect(heldOut.some((layout) => layout.language === 'ja' && (layout.document === 'invoice' || layout.document === 'statement'))).toBe(true);
    expect(heldOut.some((layout) => layout.document === 'receipt' || layout.document === 'till_receipt')).toBe(true);
    expect(heldOut.some((layout) => layout.language === 'en')).toBe(true);
  });

  it('gives the same truths for the same seed', () => {
    const layout = layouts[0]!;
    const again = (seed: string) => generateTruth(Rng.of(seed, layout.name), layout, { today, id: 'x' });
    expect(again('same')).toEqual(again('same'));
    expect(again('same')).not.toEqual(again('other'));
  });

  it('adds up: items, per-rate bases and taxes (rounded down once per rate), totals, withholding and carry-over', () => {
    for (const { items, totals } of corpus) {
      for (const item of items) expect(item.amount).toBe(item.quantity * item.unitPrice);
      expect(totals.itemsSum).toBe(items.reduce((sum, item) => sum + item.amount, 0));
      expect(totals.subtotal).toBe(totals.itemsSum - totals.discount);
      expect(totals.byRate.reduce((sum, line) => sum + line.base, 0)).toBe(totals.subtotal);
      for (const line of totals.byRate) {
        expect(line.base).toBe(items.filter((item) => item.rate === line.rate).reduce((sum, item) => sum + item.amount, 0) - (line.rate === totals.discountRate ? totals.discount : 0));
        expect(line.base).toBeGreaterThan(0);
        const exact = totals.mode === 'exclusive' ? (line.base * line.rate) / 100 : (line.base * line.rate) / (100 + line.rate);
        expect(line.tax).toBe(Math.floor(exact));
      }
      expect(totals.tax).toBe(totals.byRate.reduce((sum, line) => sum + line.tax, 0));
      expect(totals.total).toBe(totals.mode === 'exclusive' ? totals.subtotal + totals.tax : totals.subtotal);
      if (totals.withholding) {
        expect(totals.mode).toBe('exclusive');
        expect(totals.withholding).toBe(Math.floor(totals.subtotal * 0.1021 + 1e-9));
      }
      const carried = totals.carried ? totals.carried.previous - totals.carried.paid : 0;
      expect(totals.carried?.carried ?? 0).toBe(carried);
      expect(totals.billed).toBe(totals.total - totals.withholding + carried);
    }
  });

  it('uses some of each feature the reading must handle', () => {
    expect(corpus.some((truth) => truth.totals.withholding > 0)).toBe(true);
    expect(corpus.some((truth) => truth.totals.discount > 0)).toBe(true);
    expect(corpus.some((truth) => (truth.totals.carried?.carried ?? 0) > 0)).toBe(true);
    expect(corpus.some((truth) => truth.totals.mode === 'inclusive')).toBe(true);
    expect(corpus.some((truth) => truth.items.some((item) => item.rate === 8))).toBe(true);
    expect(corpus.some((truth) => truth.showAddresseeNumber)).toBe(true);
    expect(corpus.some((truth) => truth.issuer.printed !== truth.issuer.name)).toBe(true);
    expect(corpus.some((truth) => truth.issuer.invoiceNumber === undefined)).toBe(true);
    expect(new Set(corpus.map((truth) => truth.dateStyle)).size).toBe(7);
  });

  it('gives every registration number a correct check digit, and the addressee a name and number of its own', () => {
    for (const truth of corpus) {
      if (truth.addressee) expect(truth.addressee.name).not.toBe(truth.issuer.name);
      if (truth.addressee?.invoiceNumber) expect(truth.addressee.invoiceNumber).not.toBe(truth.issuer.invoiceNumber);
      for (const number of [truth.issuer.invoiceNumber, truth.addressee?.invoiceNumber]) {
        if (number !== undefined) expect(parseInvoiceNumber(number)).toEqual({ ok: true, number });
      }
    }
  });

  it('dates documents within the two years up to today, with due dates after and periods before', () => {
    for (const truth of corpus) {
      expect(truth.issueDate <= today && truth.issueDate >= addDays(today, -730)).toBe(true);
      if (truth.dueDate) expect(truth.dueDate > truth.issueDate).toBe(true);
      if (truth.period) expect(truth.period.to < truth.issueDate && truth.period.from <= truth.period.to).toBe(true);
      if (truth.deliveryDate) expect(truth.deliveryDate < truth.issueDate).toBe(true);
    }
  });

  it('writes 和暦 that converts back to the date, in half- and full-width digits', () => {
    expect(formatDate('2024-04-01', 'wareki')).toBe('令和6年4月1日');
    expect(formatDate('2024-04-01', 'wareki_short')).toBe('R6.4.1');
    expect(formatDate('2019-05-01', 'wareki')).toBe('令和元年5月1日');
    expect(formatDate('2019-04-30', 'wareki')).toBe('平成31年4月30日');
    expect(formatDate('2024-04-01', 'wareki', true)).toBe('令和６年４月１日');
    expect(formatDate('2024-04-01', 'en_long')).toBe('April 1, 2024');
    expect(formatDate('2024-04-01', 'dmy')).toBe('01/04/2024');
    for (const date of ['2019-04-30', '2019-05-01', ...corpus.map((truth) => truth.issueDate)]) {
      for (const style of ['wareki', 'wareki_short'] as const) {
        expect(fromWareki(formatDate(date, style))).toBe(date);
        expect(fromWareki(formatDate(date, style, true))).toBe(date);
      }
    }
  });

  it('prints the truth on the page: the date as styled, the issuer and its registration number', () => {
    for (const truth of corpus) {
      const html = layouts.find((layout) => layout.name === truth.layout)!.render(truth);
      expect(html).toContain(dateOf(truth, truth.issueDate));
      expect(html).toContain(truth.issuer.printed.replace(/&/g, '&amp;'));
      if (truth.issuer.invoiceNumber) expect(html).toContain(truth.issuer.invoiceNumber);
      if (truth.showAddresseeNumber) expect(html).toContain(truth.addressee!.invoiceNumber);
    }
  });

  it('expects provider and recipient swapped for a document the contract issued itself', () => {
    const truth = corpus.find((candidate) => candidate.addressee && candidate.addressee.honorific !== '上様')!;
    const theirs = expectedFields(truth);
    const own = expectedFields(truth, true);
    expect(theirs.provider).toBe(truth.issuer.name);
    expect(own).toEqual({ ...theirs, provider: theirs.recipient, recipient: theirs.provider });
    const till = corpus.find((candidate) => !candidate.addressee)!;
    expect(expectedFields(till).recipient).toBeNull();
  });
});
