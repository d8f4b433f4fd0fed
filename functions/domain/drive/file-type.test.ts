import { describe, expect, it } from 'vitest';
import { declaredKind, judge, previewContentType, sniff } from './file-type.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('file types judged from their bytes', () => {
  it('knows images, PDF, archives, Office containers, text and markup by their first bytes', () => {
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniff(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniff(bytes('GIF89a'))).toBe('gif');
    expect(sniff(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniff(bytes('II*', 0))).toBe('tiff');
    expect(sniff(bytes(0, 0, 0, 0x1c, 'ftypavif'))).toBe('avif');
    expect(sniff(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniff(bytes('PK', 3, 4, '....[Content_Types].xml'))).toBe('ooxml');
    expect(sniff(bytes('PK', 3, 4, '....readme.txt'))).toBe('zip');
    expect(sniff(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('cfb');
    expect(sniff(bytes('{\\rtf1'))).toBe('rtf');
    expect(sniff(bytes('date,amount\n'))).toBe('text');
    expect(sniff(bytes(0x93, 0xfa, 0x95, 0x74))).toBe('text');
    expect(sniff(bytes(0xef, 0xbb, 0xbf, '  <!DOCTYPE html><p>'))).toBe('html');
    expect(sniff(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe('html');
    expect(sniff(bytes('<html><body>%PDF-1.4'))).toBe('html');
    expect(sniff(bytes(0, 1, 2, 3, 0xff, 0xfe))).toBe('binary');
    expect(sniff(new Uint8Array())).toBe('empty');
  });

  it('judges the name against the bytes: a lie is a mismatch, an image is any raster image', () => {
    expect(judge('photo.jpg', 'png')).toMatchObject({ status: 'ready', kind: 'image', render: 'image' });
    expect(judge('photo.PNG', 'pdf')).toMatchObject({ status: 'mismatch', kind: 'image' });
    expect(judge('photo.png', 'html')).toMatchObject({ status: 'mismatch' });
    expect(judge('photo.png', 'binary')).toMatchObject({ status: 'mismatch' });
    expect(judge('scan.bmp', 'bmp')).toMatchObject({ status: 'unsupported', kind: 'image' });
    expect(judge('logo.svg', 'html')).toMatchObject({ status: 'unsupported' });
    expect(judge('invoice.pdf', 'pdf')).toMatchObject({ status: 'ready', render: 'pdf' });
    expect(judge('invoice.pdf', 'png')).toMatchObject({ status: 'mismatch', kind: 'pdf' });
    expect(judge('notes.txt', 'html')).toMatchObject({ status: 'ready', kind: 'text', render: undefined });
    expect(judge('data.csv', 'binary')).toMatchObject({ status: 'mismatch', kind: 'csv' });
    expect(judge('contract.docx', 'ooxml')).toMatchObject({ status: 'ready', kind: 'office' });
    expect(judge('old.xls', 'cfb')).toMatchObject({ status: 'ready', kind: 'office' });
    expect(judge('contract.docx', 'pdf')).toMatchObject({ status: 'mismatch' });
    expect(judge('archive.zip', 'zip')).toMatchObject({ status: 'unsupported', kind: 'other' });
    expect(declaredKind('no-extension')).toBe('other');
  });

  it('serves an original only under a type a browser does not run', () => {
    expect(previewContentType('image', 'png')).toBe('image/png');
    expect(previewContentType('pdf', 'pdf')).toBe('application/pdf');
    expect(previewContentType('text', 'html')).toBe('text/plain');
    expect(previewContentType('csv', 'text')).toBe('text/plain');
    expect(previewContentType('office', 'ooxml')).toBeUndefined();
    expect(previewContentType('image', 'bmp')).toBeUndefined();
  });
});
