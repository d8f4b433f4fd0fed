import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { escapeFormula, isBlankRecord, parseCsv, toCsv, unescapeFormula } from './csv.ts';
import { decodeCsv, encodeCsv } from './encoding.ts';

describe('decodeCsv', () => {
  const text = '法人コード,法人名\r\nA,株式会社①～Ⅱ\r\n';

  it('reads UTF-8 with and without BOM, and CP932 (Shift_JIS as Excel writes it)', () => {
    expect(decodeCsv(Buffer.from(text, 'utf8'))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual({ text, encoding: 'utf-8-bom' });
    expect(decodeCsv(iconv.encode(text, 'cp932'))).toEqual({ text, encoding: 'shift_jis' });
  });

  it('refuses binary data and bytes that are neither', () => {
    expect(decodeCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeUndefined();
    expect(decodeCsv(Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe]))).toBeUndefined();
    expect(decodeCsv(Buffer.from([0x41, 0x81]))).toBeUndefined();
  });

  it('round-trips what encodeCsv writes', () => {
    expect(decodeCsv(encodeCsv(text, 'utf-8'))?.text).toBe(text);
    expect(decodeCsv(encodeCsv(text, 'shift_jis'))?.text).toBe(text);
  });
});

describe('CSV records', () => {
  it('writes CRLF, quotes only where needed (LF and CR included) and reads the same records back', () => {
    const records = [['a', 'b,c', 'd"e', 'f\ng', '', ' spaced ', 'h\ri']];
    const written = toCsv(records);
    expect(written).toBe('a,"b,c","d""e","f\ng",, spaced ,"h\ri"\r\n');
    expect(parseCsv(written)).toEqual({ ok: true, records });
  });

  it('keeps blank lines as records (row numbers stay those of a spreadsheet) and allows uneven rows', () => {
    expect(parseCsv('h1,h2\r\n\r\n1\r\n,,\r\n')).toEqual({ ok: true, records: [['h1', 'h2'], [''], ['1'], ['', '', '']] });
    expect(isBlankRecord([''])).toBe(true);
    expect(isBlankRecord([' ', '\u3000'])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });

  it('reports the line of broken CSV', () => {
    expect(parseCsv('a,b\r\n1,"open\r\n')).toEqual({ ok: false, line: 3 });
  });

  it('escapes formulas for Excel and removes exactly that escape on import, for every value', () => {
    expect(escapeFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeFormula('-1')).toBe("'-1");
    expect(escapeFormula('plain')).toBe('plain');
    expect(escapeFormula("it's")).toBe("it's");
    for (const value of ['=x', '+x', '-x', '@x', '\tx', "'=x", "''@x", "'", "'x", 'x=', '', '03-1234-5678']) {
      expect(unescapeFormula(escapeFormula(value)), JSON.stringify(value)).toBe(value);
    }
  });
});
