import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeShiftJis, encodeShiftJis } from './shift-jis.ts';

/** Every character Windows-31J holds, as iconv-lite (a full CP932 table) decodes it. */
function everyCharacter(): string[] {
  const characters = new Set<string>();
  for (let byte = 0x20; byte <= 0x7e; byte++) characters.add(String.fromCharCode(byte));
  for (let byte = 0xa1; byte <= 0xdf; byte++) characters.add(iconv.decode(Buffer.of(byte), 'cp932'));
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      const text = iconv.decode(Buffer.of(lead, trail), 'cp932');
      if (text.length === 1 && text !== '\ufffd' && text !== '?') characters.add(text);
    }
  }
  return [...characters];
}

describe('Windows-31J without iconv-lite', () => {
  const characters = everyCharacter();

  const userDefined = (character: string) => /[\ue000-\uf8ff]/.test(character);

  it('encodes every Windows-31J character to the bytes iconv-lite writes', () => {
    expect(characters.length).toBeGreaterThan(7000);
    const differing = characters.filter((character) => !userDefined(character) && !encodeShiftJis(character).equals(iconv.encode(character, 'cp932')));
    expect(differing).toEqual([]);
  });

  it("keeps user-defined characters (0xF040-0xF9FC, U+E000-U+E757) where iconv-lite writes '?'", () => {
    expect(encodeShiftJis('\ue000\ue757')).toEqual(Buffer.of(0xf0, 0x40, 0xf9, 0xfc));
    expect(decodeShiftJis(Buffer.of(0xf0, 0x40, 0xf9, 0xfc))).toBe('\ue000\ue757');
  });

  it('decodes what it encodes, and what iconv-lite encodes', () => {
    const text = characters.join('');
    expect(decodeShiftJis(encodeShiftJis(text)) === text).toBe(true);
    const common = characters.filter((character) => !userDefined(character)).join('');
    expect(decodeShiftJis(iconv.encode(common, 'cp932')) === common).toBe(true);
  });

  it('writes ? for what Windows-31J lacks, as iconv-lite does', () => {
    expect(encodeShiftJis('a😀𠮷b').toString('latin1')).toBe('a??b');
    expect(encodeShiftJis('a😀𠮷b')).toEqual(iconv.encode('a😀𠮷b', 'cp932'));
  });
});
