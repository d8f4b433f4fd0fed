/**
 * Text and CSV previews: bytes decoded as UTF-8 when they are, else as Shift_JIS (the usual encoding
 * of CSV files exported by Japanese business software), and CSV split into rows (RFC 4180 quoting).
 */
export function decodeText(bytes: ArrayBuffer): { text: string; encoding: 'utf-8' | 'shift_jis' } {
  const view = new Uint8Array(bytes);
  // A cut at the size cap may split the last character: judge without up to 3 trailing bytes.
  for (let cut = 0; cut <= 3 && cut < view.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(view.subarray(0, view.length - cut));
      return { text: new TextDecoder('utf-8').decode(view).replace(/^\uFEFF/, ''), encoding: 'utf-8' };
    } catch {
      // not UTF-8 this far: try a shorter sample, then Shift_JIS
    }
  }
  return { text: new TextDecoder('shift_jis').decode(view), encoding: 'shift_jis' };
}

/** Rows of a CSV text (a comma or, for .tsv, a tab), at most `maxRows`; quotes and doubled quotes handled. */
export function parseCsv(text: string, options: { separator?: string; maxRows?: number } = {}): string[][] {
  const separator = options.separator ?? ',';
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length && rows.length < maxRows; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if ((field !== '' || row.length > 0) && rows.length < maxRows) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
