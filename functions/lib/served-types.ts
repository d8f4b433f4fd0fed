/**
 * The one list of content types a presigned GET serves as declared (docs/drive.md "Served types"):
 * downloads, version downloads, share-link grants, previews, ZIP and CSV exports all pass through
 * it. An allow list, not a block list: a type a browser could run that nobody thought of
 * (`application/rss+xml`, `text/xsl`, ...) must fall to plain bytes, so everything not listed is
 * served as `application/octet-stream`. SVG is not listed: it carries script.
 */
const servedAsDeclared: ReadonlySet<string> = new Set([
  // Images a browser draws and never runs.
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/tiff',
  'application/pdf',
  'text/plain', 'text/csv',
  // Common audio and video.
  'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/x-m4a', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/webm', 'audio/flac',
  'video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/mpeg', 'video/x-msvideo', 'video/x-matroska', 'video/3gpp',
  // Office (97-2003 and OOXML) and OpenDocument.
  'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint', 'application/rtf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation', 'application/vnd.oasis.opendocument.graphics',
  // ZIP (Windows browsers declare it as x-zip-compressed).
  'application/zip', 'application/x-zip-compressed',
]);

/** Text keeps the charset it was declared with (the CSV exports say UTF-8 or Shift_JIS), when it is one of these. */
const keptCharsets: ReadonlySet<string> = new Set(['utf-8', 'shift_jis', 'windows-31j', 'euc-jp', 'iso-2022-jp', 'us-ascii']);
const withCharset: ReadonlySet<string> = new Set(['text/plain', 'text/csv']);

export const UNLISTED_CONTENT_TYPE = 'application/octet-stream';

/**
 * The type to serve for a declared one: its essence (lower case, parameters dropped) when listed,
 * with the charset for text; anything else, malformed or missing, as plain bytes.
 */
export function servedContentType(declared: string | null | undefined): string {
  const [essence = '', ...parameters] = (declared ?? '').split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  if (!servedAsDeclared.has(type)) return UNLISTED_CONTENT_TYPE;
  if (!withCharset.has(type)) return type;
  const charset = parameters
    .map((parameter) => /^charset\s*=\s*"?([A-Za-z0-9_-]+)"?$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined && keptCharsets.has(value.toLowerCase()));
  return charset ? `${type}; charset=${charset}` : type;
}
