import { describe, expect, it } from 'vitest';
import { decodeText, parseCsv } from './text-content.ts';

describe('text previews', () => {
  it('decodes UTF-8 (without its BOM) and falls back to Shift_JIS', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0xe6, 0x97, 0xa5, 0x2c, 0x31]).buffer)).toEqual({ text: '日,1', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a]).buffer)).toEqual({ text: '日付,金額', encoding: 'shift_jis' });
    // A UTF-8 character cut in half at the size cap is still UTF-8.
    expect(decodeText(new Uint8Array([0x61, 0xe6, 0x97]).buffer).encoding).toBe('utf-8');
  });

  it('splits CSV rows with quotes, doubled quotes, separators and line breaks inside quotes', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",3')).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['two\nlines', '3']]);
    expect(parseCsv('a\tb\n1\t2\n', { separator: '\t' })).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('1\n2\n3\n4', { maxRows: 2 })).toEqual([['1'], ['2']]);
  });
});
