import type { PreviewKind, PreviewStatus } from '#shared/schemas/drive.ts';

/**
 * What a file really is (docs/drive.md "Preview"). The name and the content type come from the
 * uploader and are never trusted: the first bytes decide. A file whose bytes are not what its name
 * says is a `mismatch` and gets no preview (its bytes are never served as what the name claims).
 */

/** What the first bytes say. `html` covers markup a browser would run (HTML, SVG, XML). */
export type Detected =
  | 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif' | 'heic' | 'bmp'
  | 'pdf' | 'zip' | 'ooxml' | 'cfb' | 'rtf' | 'html' | 'text' | 'binary' | 'empty';

/** How many first bytes the judgement reads. */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const latin1 = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const markup = /^\s*(<!doctype\s+html|<html|<head|<body|<script|<iframe|<svg|<\?xml|<!--)/i;

function isText(bytes: Uint8Array): boolean {
  // A NUL or most control characters: binary. UTF-8 that decodes, or Shift_JIS-looking bytes, are text.
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) controls += 1;
  }
  if (controls > bytes.length / 100) return false;
  // The sample may end inside a multi-byte character: drop up to 3 trailing bytes before judging.
  for (let cut = 0; cut <= 3 && cut < bytes.length; cut += 1) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch { /* try a shorter sample, then Shift_JIS */ }
  }
  return isShiftJis(bytes);
}

/** Shift_JIS: lead bytes 0x81-0x9f / 0xe0-0xfc followed by trail bytes 0x40-0x7e / 0x80-0xfc; single bytes otherwise. */
export function isShiftJis(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index]!;
    if (byte < 0x80 || (byte >= 0xa1 && byte <= 0xdf)) continue;
    if ((byte >= 0x81 && byte <= 0x9f) || (byte >= 0xe0 && byte <= 0xfc)) {
      const trail = bytes[index + 1];
      if (trail === undefined) return true;
      if (!((trail >= 0x40 && trail <= 0x7e) || (trail >= 0x80 && trail <= 0xfc))) return false;
      index += 1;
      continue;
    }
    return false;
  }
  return true;
}

/** The type the first bytes of a file show (at most SNIFF_BYTES of them are looked at). */
export function sniff(head: Uint8Array): Detected {
  const bytes = head.subarray(0, SNIFF_BYTES);
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = latin1(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (/^(heic|heix|mif1|msf1|heim|heis)$/.test(brand)) return 'heic';
  }
  if (startsWith(bytes, ascii('BM')) && bytes.length > 26 && startsWith(bytes, [0, 0], 6)) return 'bmp';
  // PDF readers accept the header a little way in; markup before it is still markup.
  const start = latin1(bytes, 0, 1024);
  if (start.startsWith('%PDF-') || (/^[\s\S]{0,1019}%PDF-/.test(start) && !markup.test(start))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = latin1(bytes, 0, 4096);
    return /\[Content_Types\]\.xml|^[\s\S]*?(word|xl|ppt)\//.test(names) ? 'ooxml' : 'zip';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (startsWith(bytes, ascii('{\\rtf'))) return 'rtf';
  if (!isText(bytes)) return 'binary';
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '');
  return markup.test(text) ? 'html' : 'text';
}

const imageExtensions: Record<string, Detected> = {
  jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', tif: 'tiff', tiff: 'tiff', avif: 'avif',
  heic: 'heic', heif: 'heic', bmp: 'bmp', svg: 'html', ico: 'binary',
};
const textExtensions = new Set(['txt', 'text', 'log', 'md', 'json', 'tsv', 'csv']);
const officeExtensions = new Set([
  'doc', 'docx', 'docm', 'dot', 'dotx', 'xls', 'xlsx', 'xlsm', 'xlt', 'xltx', 'ppt', 'pptx', 'pptm', 'pps', 'ppsx', 'pot', 'potx',
  'odt', 'ods', 'odp', 'rtf',
]);
/** Raster images sharp reads from its prebuilt libvips (BMP, HEIC and ICO are not among them; SVG is markup, never rendered). */
export const renderableImages: readonly Detected[] = ['jpeg', 'png', 'gif', 'webp', 'tiff', 'avif'];
const rasterImages: readonly Detected[] = [...renderableImages, 'heic', 'bmp'];

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
};

/** What the name says the file is. */
export function declaredKind(name: string): PreviewKind {
  const extension = extensionOf(name);
  if (extension in imageExtensions) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'csv' || extension === 'tsv') return 'csv';
  if (textExtensions.has(extension)) return 'text';
  if (officeExtensions.has(extension)) return 'office';
  return 'other';
}

export interface Judgement {
  status: Exclude<PreviewStatus, 'failed'>;
  kind: PreviewKind;
  detected: Detected;
  /** Whether renditions are made from the bytes (sharp for images, pdfjs for a PDF's first page). */
  render: 'image' | 'pdf' | undefined;
}

/**
 * Name against bytes. An image name holding any raster image is an image (a ".jpg" that is really a
 * PNG is common and harmless: sharp reads the bytes, not the name); anything else must match exactly.
 */
export function judge(name: string, detected: Detected): Judgement {
  const kind = declaredKind(name);
  const extension = extensionOf(name);
  const verdict = (status: Judgement['status'], render?: Judgement['render']): Judgement => ({ status, kind, detected, render });
  switch (kind) {
    case 'image':
      if (imageExtensions[extension] === 'html' || extension === 'ico') return verdict('unsupported');
      if (!rasterImages.includes(detected)) return verdict('mismatch');
      return renderableImages.includes(detected) ? verdict('ready', 'image') : verdict('unsupported');
    case 'pdf':
      return detected === 'pdf' ? verdict('ready', 'pdf') : verdict('mismatch');
    case 'text':
    case 'csv':
      // Text that starts like HTML is still shown as text (never run), so only binary bytes lie.
      return detected === 'text' || detected === 'html' || detected === 'empty' ? verdict('ready') : verdict('mismatch');
    case 'office':
      if (extension === 'rtf') return detected === 'rtf' ? verdict('ready') : verdict('mismatch');
      return detected === 'zip' || detected === 'ooxml' || detected === 'cfb' ? verdict('ready') : verdict('mismatch');
    default:
      return verdict('unsupported');
  }
}

/** The Content-Type an original is served under for a preview: never one a browser would run. */
export function previewContentType(kind: PreviewKind, detected: Detected): string | undefined {
  if (kind === 'image' && renderableImages.includes(detected)) return `image/${detected}`;
  if (kind === 'pdf' && detected === 'pdf') return 'application/pdf';
  if (kind === 'text' || kind === 'csv') return 'text/plain';
  return undefined;
}
