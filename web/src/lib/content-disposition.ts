/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''<percent-encoded>`
 * wins over a plain `filename="..."`, so a Japanese name arrives intact. Returns undefined when the
 * header has no usable name.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const params = parseParameters(header);
  const extended = params.get('filename*');
  if (extended !== undefined) {
    const decoded = decodeExtendedValue(extended);
    if (decoded) return sanitizeFileName(decoded);
  }
  const plain = params.get('filename');
  if (plain) return sanitizeFileName(plain);
  return undefined;
}

/** Splits `type; a=b; c="d; e"` into lower-cased parameter names and unquoted values. */
function parseParameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    let value = match[2]!.trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

/** RFC 8187 ext-value: `charset'language'percent-encoded`. UTF-8 and ISO-8859-1 are understood. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value.replace(/^"|"$/g, ''));
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1' || charset === 'latin1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Keeps only the last path segment and drops characters no file system accepts. */
export function sanitizeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '.' || base === '..' ? '' : base;
}
