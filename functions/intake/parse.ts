import { simpleParser } from 'mailparser';
import { filesOf, type FilePlan } from './attachments.ts';
import { addressesIn, firstHeader, headerLines, type HeaderLine } from './headers.ts';

/**
 * A raw mail read with mailparser: its headers as they stand (for SES's verdicts and the
 * recipient), what it says of itself, and the files its parts make (attachments.ts). Mailparser
 * decodes names given as RFC 2231 parameters or MIME encoded words in any charset it knows
 * (ISO-2022-JP included) and keeps `cid:` links when asked, so the references can be told apart.
 */
export interface ReadMail {
  lines: HeaderLine[];
  from: string;
  subject: string;
  messageId: string | undefined;
  /** ISO, when the Date header was readable. */
  date: string | undefined;
  files: FilePlan[];
}

/** The header block of raw bytes, as text (header bytes beyond ASCII kept one to one). */
export function headerText(raw: Uint8Array): string {
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

/** Reads a mail; `headersOnly` for the first bytes of one too large to read whole (no files then). */
export async function readRawMail(raw: Uint8Array, options: { headersOnly?: boolean } = {}): Promise<ReadMail> {
  const head = headerText(raw);
  const lines = headerLines(head);
  const input = options.headersOnly ? Buffer.from(`${head}\r\n\r\n`, 'latin1') : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const parsed = await simpleParser(input, { keepCidLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : undefined;
  const from = parsed.from?.value[0]?.address?.toLowerCase() ?? addressesIn(firstHeader(lines, 'from'))[0] ?? '';
  return {
    lines,
    from,
    subject: parsed.subject ?? '',
    messageId: parsed.messageId || undefined,
    date,
    files: options.headersOnly ? [] : filesOf(parsed.attachments.map((part) => ({ filename: part.filename, contentType: part.contentType, content: part.content, cid: part.cid })), parsed.html),
  };
}
