import type { ReadRegion } from '#shared/schemas/read-fields.ts';

/**
 * A line of a document's text as the reading had it (a PDF's text layer, or OCR), in reading order:
 * what the field parsers (./fields/) read. `region` places it on its page for the preview's
 * highlight; `confidence` is OCR's for the line (0 to 1), absent for a text layer (certain).
 */
export interface TextLine {
  text: string;
  /** 1-based. */
  page: number;
  region?: ReadRegion;
  confidence?: number;
  /**
   * OCR's characters of the line in order, each with its own confidence (0 to 1): how sure it was
   * of the characters of a name, apart from the rest of its line (./fields/value-confidence.ts).
   */
  symbols?: Array<{ text: string; confidence: number }>;
}

/** What the parsers need besides the text. */
export interface ReadContext {
  /** Today in Japan, YYYY-MM-DD: no document date after it. */
  today: string;
  /** The contract itself, from common settings: a document it issued has its name or T-number as issuer. */
  own?: { name?: string; invoiceNumber?: string };
}
