import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition, sanitizeFileName } from './content-disposition.ts';

describe('fileNameFromContentDisposition', () => {
  it('decodes an RFC 8187 UTF-8 name so Japanese arrives intact', () => {
    const header = `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('請求書 2024年.pdf')}`;
    expect(fileNameFromContentDisposition(header)).toBe('請求書 2024年.pdf');
  });

  it('prefers filename* whatever the parameter order and case', () => {
    expect(fileNameFromContentDisposition(`attachment; FILENAME*=utf-8''%E3%83%86%E3%82%B9%E3%83%88.txt; filename="fallback.txt"`)).toBe('テスト.txt');
  });

  it('reads a quoted plain filename with escapes and semicolons', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a \\"quoted\\"; name.csv"')).toBe('a "quoted"; name.csv');
  });

  it('reads an unquoted plain filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename=data.xlsx')).toBe('data.xlsx');
  });

  it('decodes an ISO-8859-1 extended value', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1'en'%E9t%E9.txt`)).toBe('été.txt');
  });

  it('falls back to the plain name when the extended value is malformed', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E3%83; filename="plain.txt"`)).toBe('plain.txt');
  });

  it('answers undefined without a usable name', () => {
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeUndefined();
  });

  it('never lets a name climb directories', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''..%2F..%2Fevil.sh`)).toBe('evil.sh');
    expect(sanitizeFileName('..')).toBe('');
  });
});
