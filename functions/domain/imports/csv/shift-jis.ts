/**
 * Windows-31J (CP932, the Shift_JIS Excel writes) without a table of our own: decoding is the
 * runtime's WHATWG "shift_jis" decoder (which is Windows-31J), and the encoder's table is read off
 * that decoder once, on first use. This keeps 480 KiB of iconv-lite's tables out of the Lambdas.
 *
 * Where Windows-31J holds a character twice, encoding picks what Windows does (and the WHATWG
 * encoder): the first code, skipping the NEC-selected IBM extensions (lead bytes 0xED and 0xEE), so
 * ∵ is 0x81E6, Ⅰ 0x8754 and ⅰ 0xFA40. A character Windows-31J lacks (emoji, rare kanji) is written
 * as `?`, as Windows does; user-defined characters (U+E000-U+E757) keep their codes 0xF040-0xF9FC,
 * as Windows writes them (iconv-lite writes `?`).
 */
let table: Map<number, number> | undefined;

function encoderTable(): Map<number, number> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('shift_jis');
  for (let byte = 0xa1; byte <= 0xdf; byte++) table.set(decoder.decode(Uint8Array.of(byte)).codePointAt(0)!, byte);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if ((lead > 0x9f && lead < 0xe0) || lead === 0xed || lead === 0xee) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const text = decoder.decode(Uint8Array.of(lead, trail));
      const code = text.codePointAt(0)!;
      if (text.length !== 1 || code === 0xfffd || table.has(code)) continue;
      table.set(code, (lead << 8) | trail);
    }
  }
  return table;
}

export const decodeShiftJis = (bytes: Uint8Array): string => new TextDecoder('shift_jis').decode(bytes);

export function encodeShiftJis(text: string): Buffer {
  const codes = encoderTable();
  const out = Buffer.alloc(text.length * 2);
  let length = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const mapped = code < 0x80 ? code : codes.get(code);
    if (mapped === undefined) out[length++] = 0x3f;
    else if (mapped > 0xff) {
      out[length++] = mapped >> 8;
      out[length++] = mapped & 0xff;
    } else out[length++] = mapped;
  }
  return out.subarray(0, length);
}
