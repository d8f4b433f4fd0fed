/**
 * `BENCH_ONLY=extraction npm run bench`: the bookkeeping fields read from documents (issue 29
 * "Measured"), scored on a corpus generated here (tests/support/invoice-corpus/, no real customer
 * documents): each layout's truths rendered in Debian's Chromium as a born-digital PDF and as scans
 * at 200 and 300 dpi, read by `readDocumentFields` (text layer or OCR, then the field parsers) as
 * the extraction function reads them, and compared with what the document truly says.
 *
 * Per field, kind (`text_pdf`, `scan_200dpi`, `scan_300dpi`) and split (`tune`, `held_out`):
 * - correct: the value offered equals the truth (a field the document does not have — a till
 *   receipt's recipient, an unregistered issuer's number, 上様 — is correct when offered empty);
 * - missed: offered empty (null or absent) while the document has it — the user types it;
 * - wrong: offered with a value that is not the truth (or a value the document does not have) — the
 *   worse outcome: a user may accept it.
 * Comparison: provider and recipient after NFKC, whitespace removed, Latin letters case-folded and
 * (株) (有) (同) written out (株式会社…); the amount as a number; the date as YYYY-MM-DD; the invoice
 * number in canonical form (shared/invoice-number.ts).
 *
 * The goals are judged on the held-out layouts (a parser tuned on a layout scores high on it by
 * construction). Misreadings are printed for tune layouts only: never the text of a held-out
 * document, only its scores. Time per page is `ms / pagesRead` of the reading (both OCR readings of a scan read twice), with the OCR
 * workers already started (their cold start is measured with the function's, elsewhere).
 */
import { loadavg } from 'node:os';
import { tokyoDate } from '#domain/ebookkeeping/calendar-date.ts';
import { readDocument } from '#domain/extraction/read-document.ts';
import { readDocumentFields } from '#domain/extraction/read-document-fields.ts';
import { startOcr, stopOcr } from '#domain/extraction/ocr.ts';
import type { ReadContext } from '#domain/extraction/text-lines.ts';
import { normalizeInvoiceNumber } from '#shared/invoice-number.ts';
import { readFieldNames, type ReadField, type ReadFieldName, type ReadFieldSet } from '#shared/schemas/read-fields.ts';
import { expectedFields, generateTruth, Rng, type ExpectedFields } from '../support/invoice-corpus/generate.ts';
import type { Layout, Split } from '../support/invoice-corpus/kit.ts';
import { CorpusRenderer, documentKinds, type DocumentKind, type RenderedDocument } from '../support/invoice-corpus/render.ts';
import { layouts } from '../support/invoice-corpus/templates.ts';
import { median, percentile, round } from './stats.ts';

/**
 * Documents per layout and kind. OCR takes seconds a page on this 2-core machine, text layers a
 * fraction of one: 4 text PDFs and 2 scans at each density per layout (80 documents, 40 of them
 * scans) keep the section within about 6 minutes. Scores on held-out scans then rest on 8
 * documents (40 fields) per density: `BENCH_EXTRACTION_DOCS=6` gives a finer figure in more time.
 */
const DOCUMENTS_PER_LAYOUT: Record<DocumentKind, number> = { text_pdf: 4, scan_200dpi: 2, scan_300dpi: 2 };

export interface ExtractionOptions {
  /** Documents per layout for every kind (default: DOCUMENTS_PER_LAYOUT). */
  perLayout?: number;
  /** The corpus's seed: the same seed, the same documents. */
  seed?: string;
  /** Today in Japan (the documents' dates lie in the two years up to it); default: now. */
  today?: string;
  kinds?: readonly DocumentKind[];
  log?: (line: string) => void;
}

type Outcome = 'correct' | 'missed' | 'wrong';
interface Counts { correct: number; missed: number; wrong: number }
interface Scored {
  document: RenderedDocument;
  layout: Layout;
  own: boolean;
  outcomes: Record<ReadFieldName, Outcome>;
  fields: ReadFieldSet;
  expected: ExpectedFields;
  ownDocument?: boolean;
  msPerPage?: number;
  readings?: number;
  skipped?: string;
  error?: string;
}

/** How many of each own document the bench asks about (the issuer is the contract itself). */
const OWN_SHARE = 0.12;

/** Names compared as a bookkeeper would: the same name however spaced, cased or abbreviated. */
export function sameName(a: string, b: string): boolean {
  const plain = (name: string) => name.normalize('NFKC').replace(/\s+/gu, '').toLowerCase()
    .replace(/\(株\)/gu, '株式会社').replace(/\(有\)/gu, '有限会社').replace(/\(同\)/gu, '合同会社');
  return plain(a) === plain(b);
}

function judge(name: ReadFieldName, expected: string | number | null, field: ReadField | undefined): Outcome {
  const value = field?.value ?? null;
  if (value === null || value === '') return expected === null ? 'correct' : 'missed';
  if (expected === null) return 'wrong';
  switch (name) {
    case 'transaction_amount': return Number(value) === expected ? 'correct' : 'wrong';
    case 'provider':
    case 'recipient': return sameName(String(value), String(expected)) ? 'correct' : 'wrong';
    case 'invoice_number': return normalizeInvoiceNumber(String(value)) === expected ? 'correct' : 'wrong';
    default: return String(value) === expected ? 'correct' : 'wrong';
  }
}

const emptyCounts = (): Counts => ({ correct: 0, missed: 0, wrong: 0 });
const percentages = (counts: Counts) => {
  const total = counts.correct + counts.missed + counts.wrong;
  const pct = (value: number) => (total ? round((100 * value) / total, 1) : 0);
  return { ...counts, total, correct_pct: pct(counts.correct), missed_pct: pct(counts.missed), wrong_pct: pct(counts.wrong) };
};

/** Counts per field and over all fields, for some scored documents. */
function tally(scored: Scored[]) {
  const byField = Object.fromEntries(readFieldNames.map((name) => [name, emptyCounts()])) as Record<ReadFieldName, Counts>;
  const all = emptyCounts();
  for (const one of scored) {
    for (const name of readFieldNames) {
      byField[name][one.outcomes[name]] += 1;
      all[one.outcomes[name]] += 1;
    }
  }
  return {
    documents: scored.length,
    all: percentages(all),
    fields: Object.fromEntries(readFieldNames.map((name) => [name, percentages(byField[name])])) as Record<ReadFieldName, ReturnType<typeof percentages>>,
  };
}

const timing = (values: number[]) => (values.length ? { median_ms: Math.round(median(values)), p95_ms: Math.round(percentile(values, 95)), pages: values.length } : { pages: 0 });

export async function measureExtraction(options: ExtractionOptions = {}) {
  const log = options.log ?? console.log;
  const perLayout = (kind: DocumentKind) => options.perLayout ?? DOCUMENTS_PER_LAYOUT[kind];
  const seed = options.seed ?? 'issue-29';
  const today = options.today ?? tokyoDate(new Date());
  const kinds = options.kinds ?? documentKinds;
  const measured_at = new Date().toISOString();
  const load_average = loadavg().map((value) => round(value, 2));

  // The corpus: distinct truths for every layout, kind and index; some read as the issuer's own.
  const plan = layouts.flatMap((layout) => kinds.flatMap((kind) => Array.from({ length: perLayout(kind) }, (_, index) => {
    const rng = Rng.of(seed, layout.name, kind, index);
    const truth = generateTruth(rng, layout, { today, id: `${layout.name}-${kind}-${index}` });
    const named = !!truth.addressee && truth.addressee.honorific !== '上様';
    return { layout, kind, truth, rng, own: named && rng.chance(OWN_SHARE) };
  })));

  log(`extraction: rendering ${plan.length} documents (${layouts.length} layouts; per layout ${kinds.map((kind) => `${perLayout(kind)} ${kind}`).join(', ')})`);
  const renderStarted = performance.now();
  const renderer = await CorpusRenderer.open();
  const rendered: (typeof plan[number] & { document: RenderedDocument })[] = [];
  const warmUp: RenderedDocument[] = [];
  try {
    for (const item of plan) rendered.push({ ...item, document: await renderer.render(item.layout, item.truth, item.kind, item.rng) });
    // One more of each kind, read first and not scored: the first call of each path loads its code.
    const warmRng = Rng.of(seed, 'warm-up');
    const warmTruth = generateTruth(warmRng, layouts[0]!, { today, id: 'warm-up' });
    for (const kind of kinds) warmUp.push(await renderer.render(layouts[0]!, warmTruth, kind, warmRng));
  } finally {
    await renderer.close();
  }
  const render_s = round((performance.now() - renderStarted) / 1000, 1);
  log(`extraction: rendered in ${render_s} s; reading`);

  const scored: Scored[] = [];
  let readStarted = performance.now();
  try {
    await startOcr();
    for (const warm of warmUp) await readDocument(warm.bytes, { name: warm.name }).catch(() => undefined);
    readStarted = performance.now();
    for (const { layout, document, truth, own } of rendered) {
      const expected = expectedFields(truth, own);
      const context: ReadContext = { today, ...(own ? { own: { name: truth.issuer.name, ...(truth.issuer.invoiceNumber ? { invoiceNumber: truth.issuer.invoiceNumber } : {}) } } : {}) };
      let fields: ReadFieldSet = {};
      let ownDocument: boolean | undefined;
      let msPerPage: number | undefined;
      let skipped: string | undefined;
      let error: string | undefined;
      let readings: number | undefined;
      try {
        const reading = await readDocumentFields(document.bytes, { name: document.name }, async () => context);
        if ('skipped' in reading) {
          skipped = reading.skipped;
        } else {
          msPerPage = reading.text.ms / Math.max(1, reading.text.pagesRead);
          readings = reading.readings;
          fields = reading.fields;
          ownDocument = reading.own_document;
        }
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
      }
      const outcomes = Object.fromEntries(readFieldNames.map((name) => [name, judge(name, expected[name], fields[name])])) as Record<ReadFieldName, Outcome>;
      scored.push({ document, layout, own, outcomes, fields, expected, ownDocument, msPerPage, readings, skipped, error });
    }
  } finally {
    await stopOcr();
  }
  const read_s = round((performance.now() - readStarted) / 1000, 1);

  const splits: Split[] = ['tune', 'held_out'];
  const of = (kind: DocumentKind, split?: Split) => scored.filter((one) => one.document.kind === kind && (!split || one.layout.split === split));
  const scores = Object.fromEntries(kinds.map((kind) => [kind, {
    tune: tally(of(kind, 'tune')),
    held_out: tally(of(kind, 'held_out')),
    all: tally(of(kind)),
  }])) as Record<DocumentKind, Record<Split | 'all', ReturnType<typeof tally>>>;

  // Per layout and kind: counts only (correct / missed / wrong per field), held-out layouts included.
  const per_layout = Object.fromEntries(layouts.map((layout) => [layout.name, {
    split: layout.split,
    ...Object.fromEntries(kinds.map((kind) => {
      const result = tally(scored.filter((one) => one.layout === layout && one.document.kind === kind));
      return [kind, {
        correct_pct: result.all.correct_pct,
        wrong_pct: result.all.wrong_pct,
        fields: Object.fromEntries(readFieldNames.map((name) => [name, `${result.fields[name].correct}/${result.fields[name].missed}/${result.fields[name].wrong}`])),
      }];
    })),
  }]));

  const time_per_page = Object.fromEntries(kinds.map((kind) => {
    const pages = of(kind).flatMap((one) => (one.msPerPage === undefined ? [] : [one.msPerPage]));
    const byContainer = kind === 'text_pdf' ? {} : {
      jpeg: timing(of(kind).filter((one) => one.document.degradation?.container === 'jpeg' && one.msPerPage !== undefined).map((one) => one.msPerPage!)),
      scanned_pdf: timing(of(kind).filter((one) => one.document.degradation?.container === 'pdf' && one.msPerPage !== undefined).map((one) => one.msPerPage!)),
    };
    // Scans OCR read a second time, by the page's layout, for a field the sparse-text reading left empty.
    const readTwice = kind === 'text_pdf' ? {} : { read_twice: of(kind).filter((one) => one.readings === 2).length };
    return [kind, { ...timing(pages), ...byContainer, ...readTwice }];
  })) as Record<DocumentKind, { median_ms?: number; p95_ms?: number; pages: number }>;

  const ownDocuments = scored.filter((one) => one.own);
  const own_document = {
    asked: ownDocuments.length,
    recognised: ownDocuments.filter((one) => one.ownDocument === true).length,
    claimed_for_others: scored.filter((one) => !one.own && one.ownDocument === true).length,
  };

  const heldOut = (kind: DocumentKind) => scores[kind]?.held_out.all;
  const goal = (description: string, value: number | undefined, met: boolean | undefined) => ({ goal: description, value: value ?? null, met: value === undefined ? null : met });
  const wrongByKind = Object.fromEntries(kinds.map((kind) => [kind, heldOut(kind)?.wrong_pct ?? 0]));
  const worstWrong = Math.max(...Object.values(wrongByKind));
  const goals = {
    text_pdf_correct: goal('text-layer PDFs: at least 99% of fields correct (held-out layouts)', heldOut('text_pdf')?.correct_pct, (heldOut('text_pdf')?.correct_pct ?? 0) >= 99),
    scan_200dpi_correct: goal('scans at 200 dpi: at least 90% of fields correct (held-out layouts)', heldOut('scan_200dpi')?.correct_pct, (heldOut('scan_200dpi')?.correct_pct ?? 0) >= 90),
    scan_300dpi_correct: goal('scans at 300 dpi: at least 90% of fields correct (held-out layouts)', heldOut('scan_300dpi')?.correct_pct, (heldOut('scan_300dpi')?.correct_pct ?? 0) >= 90),
    wrong: { ...goal('wrong values at most 1% of fields, every kind (held-out layouts)', worstWrong, worstWrong <= 1), per_kind: wrongByKind },
    page_200dpi: goal('median time per A4 page at 200 dpi under 1 s', time_per_page.scan_200dpi?.median_ms, (time_per_page.scan_200dpi?.median_ms ?? Infinity) < 1000),
    page_300dpi: goal('median time per A4 page at 300 dpi under 1 s', time_per_page.scan_300dpi?.median_ms, (time_per_page.scan_300dpi?.median_ms ?? Infinity) < 1000),
  };

  const section = {
    measured_at,
    today,
    seed,
    load_average,
    documents: {
      total: scored.length,
      per_layout: Object.fromEntries(kinds.map((kind) => [kind, perLayout(kind)])),
      per_kind: Object.fromEntries(kinds.map((kind) => [kind, of(kind).length])),
      per_split: Object.fromEntries(splits.map((split) => [split, scored.filter((one) => one.layout.split === split).length])),
      scans_as_image_pdf: scored.filter((one) => one.document.degradation?.container === 'pdf').length,
      scans_turned: scored.filter((one) => (one.document.degradation?.turned ?? 0) !== 0).length,
      skipped: scored.filter((one) => one.skipped).length,
      failed: scored.filter((one) => one.error).length,
    },
    layouts: Object.fromEntries(splits.map((split) => [split, layouts.filter((layout) => layout.split === split).map((layout) => layout.name)])),
    comparison: 'provider/recipient: NFKC, whitespace removed, Latin case folded, (株)/(有)/(同) written out; amount as a number; date as YYYY-MM-DD; invoice number canonical. A field the document lacks is correct when offered empty, wrong when offered.',
    scores,
    per_layout,
    own_document,
    time_per_page_ms: time_per_page,
    // The slowest pages by document (no text: held-out documents are only ever scored).
    slowest_pages: scored.filter((one) => one.msPerPage !== undefined).sort((a, b) => b.msPerPage! - a.msPerPage!).slice(0, 5).map((one) => ({
      id: one.document.truth.id,
      ms: Math.round(one.msPerPage!),
      ...(one.document.degradation ? { container: one.document.degradation.container, turned: one.document.degradation.turned, skew: one.document.degradation.skew } : {}),
    })),
    render_s,
    read_s,
    goals,
  };
  printTable(section.scores, kinds, log);
  log(`\ntime per page (median / p95 ms): ${kinds.map((kind) => `${kind} ${time_per_page[kind].median_ms ?? '-'} / ${time_per_page[kind].p95_ms ?? '-'}`).join(', ')}`);
  log(`own documents: ${own_document.recognised}/${own_document.asked} recognised, ${own_document.claimed_for_others} claimed for others`);
  for (const [name, result] of Object.entries(goals)) log(`goal ${name}: ${result.value ?? '-'} ${result.met === null ? 'not measured' : result.met ? 'met' : 'NOT met'} (${result.goal})`);
  printTuneMisreadings(scored, log);
  const failures = scored.filter((one) => one.error);
  if (failures.length) log(`\n${failures.length} documents failed to read: ${[...new Set(failures.map((one) => one.error))].slice(0, 3).join('; ')}`);
  return section;
}

const shortNames: Record<ReadFieldName, string> = { transaction_date: 'date', transaction_amount: 'amount', provider: 'provider', recipient: 'recipient', invoice_number: 'T-number' };

/** Correct % (and wrong %) per kind, split and field. */
function printTable(scores: Record<DocumentKind, Record<Split | 'all', ReturnType<typeof tally>>>, kinds: readonly DocumentKind[], log: (line: string) => void): void {
  const cell = (counts: ReturnType<typeof percentages>) => `${counts.correct_pct.toFixed(1)} w${counts.wrong_pct.toFixed(1)}`.padStart(12);
  log(`\n${'kind'.padEnd(12)} ${'split'.padEnd(9)} ${'docs'.padStart(4)} ${[...readFieldNames.map((name) => shortNames[name]), 'all fields'].map((name) => name.padStart(12)).join('')}`);
  for (const kind of kinds) {
    for (const split of ['tune', 'held_out', 'all'] as const) {
      const result = scores[kind][split];
      log(`${kind.padEnd(12)} ${split.padEnd(9)} ${String(result.documents).padStart(4)} ${readFieldNames.map((name) => cell(result.fields[name])).join('')}${cell(result.all)}`);
    }
  }
  log('(correct % and wrong %; the rest were missed)');
}

/** A few misreadings per field, TUNE layouts only (held-out documents are never described). */
function printTuneMisreadings(scored: Scored[], log: (line: string) => void): void {
  const tune = scored.filter((one) => one.layout.split === 'tune');
  log('\nmisreadings on tune layouts (expected → offered, with the line it came from):');
  for (const name of readFieldNames) {
    const misread = tune.filter((one) => one.outcomes[name] !== 'correct');
    if (!misread.length) continue;
    log(`  ${name}: ${misread.length}`);
    for (const one of misread.slice(0, 6)) {
      const field = one.fields[name];
      const reason = one.skipped ? `skipped: ${one.skipped}` : one.error ? `failed: ${one.error}` : field?.problem ? `problem ${field.problem}` : '';
      log(`    ${one.document.truth.id}: ${JSON.stringify(one.expected[name])} → ${JSON.stringify(field?.value ?? null)} ${reason} ${field?.source ? `«${field.source}»` : ''}`);
    }
  }
}
