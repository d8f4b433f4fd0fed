import type { MessageKey, MessageParams } from './messages.ts';
import type { PaperSize as StandardPaper, ScannerCheckResult, ScannerGrade } from './schemas/bookkeeping-fields.ts';

/**
 * The scanner-storage checks' figures and messages that the server's check
 * (functions/domain/ebookkeeping/scanner-check.ts) and the SPA share: the paper sizes' pixels at
 * 200 dpi and the catalogue keys (section `scannerCheck`) of a result, so both show one text.
 */
export const MIN_DPI = 200;
const MM_PER_INCH = 25.4;

/** A standard size, or the user's own in millimetres (receipts, slips). */
export type PaperSize = StandardPaper | { widthMm: number; heightMm: number };
export type ScannerColour = 'rgb24' | 'rgb48' | 'cmyk' | 'grey8' | 'grey16' | 'indexed' | 'bilevel' | 'low_depth' | 'unknown';

const PAPERS_MM: Record<StandardPaper, [number, number]> = {
  A3: [297, 420],
  A4: [210, 297],
  A5: [148, 210],
  // JIS B series, as Japanese offices use.
  B4: [257, 364],
  B5: [182, 257],
  letter: [215.9, 279.4],
};

/**
 * A paper's pixels at 200 dpi, short side first. Sides are taken in inches to two decimals, as the
 * NTA's figure does (A4 = 8.27 × 11.69 in → 1654 × 2338 = 3,867,052 px, "about 3.87 million").
 */
export function paperPixels(paper: PaperSize): { label: string; width: number; height: number; pixels: number } {
  const [a, b] = typeof paper === 'string' ? PAPERS_MM[paper] : [paper.widthMm, paper.heightMm];
  if (!(a > 0 && b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) throw new RangeError('paper sides must be positive millimetres');
  const side = (mm: number) => Math.round(Math.round((mm / MM_PER_INCH) * 100) / 100 * MIN_DPI);
  const [width, height] = [side(a), side(b)].sort((x, y) => x - y) as [number, number];
  const label = typeof paper === 'string' ? paper : `${a} × ${b} mm`;
  return { label, width, height, pixels: width * height };
}

const COLOUR_KEYS: Record<ScannerColour, MessageKey> = {
  rgb24: 'scannerCheck.colourRgb24',
  rgb48: 'scannerCheck.colourRgb48',
  cmyk: 'scannerCheck.colourCmyk',
  grey8: 'scannerCheck.colourGrey8',
  grey16: 'scannerCheck.colourGrey16',
  indexed: 'scannerCheck.colourIndexed',
  bilevel: 'scannerCheck.colourBilevel',
  low_depth: 'scannerCheck.colourLowDepth',
  unknown: 'scannerCheck.colourUnknown',
};

export const colourMessageKey = (colour: ScannerColour): MessageKey => COLOUR_KEYS[colour];
const isColour = (value: string | null): value is ScannerColour => value !== null && value in COLOUR_KEYS;

export const floor2 = (value: number) => (Math.floor(value * 100) / 100).toFixed(2);
export const ceil2 = (value: number) => (Math.ceil(value * 100) / 100).toFixed(2);

/** The parameters of the pixel messages: the measured image against its paper at 200 dpi. */
export function pixelParams(measured: { width: number; height: number; pixels: number }, paper: ReturnType<typeof paperPixels>): MessageParams {
  return {
    width: measured.width,
    height: measured.height,
    megapixels: floor2(measured.pixels / 1e6),
    manPixels: Math.floor(measured.pixels / 1e4),
    paper: paper.label,
    requiredWidth: paper.width,
    requiredHeight: paper.height,
    requiredMegapixels: ceil2(paper.pixels / 1e6),
    requiredManPixels: Math.ceil(paper.pixels / 1e4),
  };
}

export interface ScannerMessage {
  key: MessageKey;
  params: MessageParams;
  /** The catalogue key of a `colour` parameter, to translate before filling it in. */
  colourKey?: MessageKey;
}

/**
 * The messages of a stored result (a version's or a file's `scanner_check`: status, findings, the
 * first page's dpi, size and colour), with the file's grade and paper size. The stored result keeps
 * no per-page figures, so a finding is described by the figures stored.
 */
export function storedScannerCheckMessages(
  check: Pick<ScannerCheckResult, 'status' | 'findings' | 'dpi' | 'width' | 'height' | 'colour'>,
  options: { grade?: ScannerGrade | undefined; paperSize?: StandardPaper | undefined },
): ScannerMessage[] {
  const paper = paperPixels(options.paperSize ?? 'A4');
  const measured = check.width !== null && check.height !== null ? { width: check.width, height: check.height, pixels: check.width * check.height } : undefined;
  const colour = (): Pick<ScannerMessage, 'params' | 'colourKey'> => ({
    params: { colour: check.colour ?? 'unknown' },
    colourKey: colourMessageKey(isColour(check.colour) ? check.colour : 'unknown'),
  });
  if (check.status === 'compliant') {
    const messages: ScannerMessage[] = [{ key: 'scannerCheck.compliant', params: {} }];
    if (check.dpi === null && measured) messages.push({ key: 'scannerCheck.judgedByPixels', params: pixelParams(measured, paper) });
    return messages;
  }
  const messages = check.findings.map((finding): ScannerMessage => {
    switch (finding) {
      case 'dpi':
        return { key: 'scannerCheck.dpi', params: { dpi: check.dpi ?? 0, required: MIN_DPI } };
      case 'pixels':
        return { key: 'scannerCheck.pixels', params: pixelParams(measured ?? { width: 0, height: 0, pixels: 0 }, paper) };
      case 'ledger_bit':
        return { key: options.grade === 'general' ? 'scannerCheck.ledgerBitGeneral' : 'scannerCheck.ledgerBitImportant', ...colour() };
      case 'unknown_size':
        return { key: 'scannerCheck.unknownSize', params: {} };
      case 'unreadable':
        return { key: 'scannerCheck.unreadable', params: {} };
    }
  });
  // A status without findings (older results) still says what it is.
  if (messages.length === 0 && check.status === 'unknown_size') return [{ key: 'scannerCheck.unknownSize', params: {} }];
  if (messages.length === 0 && check.status === 'unreadable') return [{ key: 'scannerCheck.unreadable', params: {} }];
  return messages;
}
