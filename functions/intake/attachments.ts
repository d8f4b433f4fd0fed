import { ITEM_NAME_MAX, itemName } from '#shared/validation.ts';

/**
 * Which parts of a mail become files, and under which names (docs/drive.md "Receiving documents
 * by mail"). Every attachment is one file; a part the HTML body shows by `cid:` is part of the
 * message, not a document (a logo, a signature image), while an inline image nothing references
 * is one (a phone's photo of a receipt, pasted into the mail). A ZIP stays one file; a
 * password-protected one is kept as it is and noted "not readable".
 */
export interface MailPart {
  filename?: string | undefined;
  contentType: string;
  content: Uint8Array;
  /** Content-ID without angle brackets. */
  cid?: string | undefined;
}

export interface FilePlan {
  name: string;
  contentType: string;
  bytes: Uint8Array;
  note?: 'not_readable';
}

/** The Content-IDs the HTML body references (`cid:` URLs, percent-decoded, lower case). */
export function referencedCids(html: string | false | undefined): Set<string> {
  const cids = new Set<string>();
  if (!html) return cids;
  for (const [, raw] of html.matchAll(/\bcid:([^'"\s<>)]+)/gi)) {
    let cid = raw!;
    try {
      cid = decodeURIComponent(cid);
    } catch {
      // Not percent-encoded after all: as written.
    }
    cids.add(cid.toLowerCase());
  }
  return cids;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/tiff': 'tif', 'image/heic': 'heic',
  'text/csv': 'csv', 'text/plain': 'txt', 'text/html': 'html', 'application/zip': 'zip', 'application/x-zip-compressed': 'zip', 'message/rfc822': 'eml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx', 'application/vnd.ms-excel': 'xls', 'application/msword': 'doc', 'application/xml': 'xml',
};
export const extensionFor = (contentType: string): string => EXTENSIONS[contentType.toLowerCase()] ?? 'bin';

const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f-\u009f]/g; // eslint-disable-line no-control-regex -- control characters are what a name may not hold
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * A name as a drive entry may hold it (shared/validation.ts `itemName`): characters no platform
 * allows become "_", invisible ones go, trailing dots and spaces go, Windows' device names get a
 * "_" before them, and a name too long keeps its extension. Undefined when nothing is left.
 */
export function cleanName(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let name = raw.normalize('NFC').replace(IGNORABLE, '').replace(FORBIDDEN, '_').replace(/^[\s\u3000]+|[\s\u3000.]+$/g, '');
  if (RESERVED.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length > ITEM_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
    name = [...chars.slice(0, ITEM_NAME_MAX - extension.length), ...extension].join('').replace(/[\s.]+$/, '');
  }
  return name !== '' && itemName.safeParse(name).success ? name : undefined;
}

const isZip = (part: MailPart, name: string): boolean =>
  /\.zip$/i.test(name) || /^application\/(x-)?zip(-compressed)?$/i.test(part.contentType);

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/**
 * Whether a ZIP holds an encrypted entry: general-purpose bit 0 of a local file header (the first
 * entry's, and every entry's as the central directory lists their headers), or of a central
 * directory entry. Unreadable structures count as not encrypted (the file is kept either way).
 */
export function isEncryptedZip(bytes: Uint8Array): boolean {
  const LOCAL = 0x04034b50;
  const CENTRAL = 0x02014b50;
  const END = 0x06054b50;
  if (bytes.length >= 30 && u32(bytes, 0) === LOCAL && (u16(bytes, 6) & 1) === 1) return true;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(bytes, at) === END) {
      end = at;
      break;
    }
  }
  if (end < 0) return false;
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  for (let entry = 0; entry < count && at + 46 <= bytes.length && u32(bytes, at) === CENTRAL; entry++) {
    if ((u16(bytes, at + 8) & 1) === 1) return true;
    const local = u32(bytes, at + 42);
    if (local + 30 <= bytes.length && u32(bytes, local) === LOCAL && (u16(bytes, local + 6) & 1) === 1) return true;
    at += 46 + u16(bytes, at + 28) + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return false;
}

/** The files a mail's parts make, in their order, with the HTML body's references left out. */
export function filesOf(parts: readonly MailPart[], html: string | false | undefined): FilePlan[] {
  const cids = referencedCids(html);
  const files: FilePlan[] = [];
  for (const part of parts) {
    if (part.cid && cids.has(part.cid.toLowerCase())) continue;
    const contentType = part.contentType.toLowerCase() || 'application/octet-stream';
    const name = cleanName(part.filename) ?? `attachment-${files.length + 1}.${extensionFor(contentType)}`;
    files.push({ name, contentType, bytes: part.content, ...(isZip(part, name) && isEncryptedZip(part.content) ? { note: 'not_readable' as const } : {}) });
  }
  return files;
}

/** The mail itself as a file: `<subject or Message-ID>.eml`. */
export function mailFileName(subject: string | undefined, messageId: string | undefined): string {
  const base = cleanName(subject?.slice(0, ITEM_NAME_MAX - 4)) ?? cleanName(messageId?.replace(/^<|>$/g, '').slice(0, ITEM_NAME_MAX - 4)) ?? 'mail';
  return `${base}.eml`;
}
