import { describe, expect, it } from 'vitest';
import { fileExtension, fileKind, iconGroup } from './file-kind.ts';

const file = (name: string, content_type: string | null = null) => ({ type: 'file' as const, name, content_type });

describe('fileKind', () => {
  it('maps office, pdf, media and archive extensions (case-insensitive)', () => {
    expect(fileKind(file('Budget.XLSX'))).toBe('excel');
    expect(fileKind(file('old.xls'))).toBe('excel');
    expect(fileKind(file('letter.docx'))).toBe('word');
    expect(fileKind(file('deck.pptx'))).toBe('powerpoint');
    expect(fileKind(file('invoice.pdf'))).toBe('pdf');
    expect(fileKind(file('talk.mp4'))).toBe('media');
    expect(fileKind(file('backup.zip'))).toBe('zip');
    expect(fileKind(file('archive.lzh'))).toBe('zip');
  });

  it('takes SPEC.md §5\'s image extensions as images, of the media group', () => {
    for (const name of ['photo.jpeg', 'photo.JPG', 'chart.png', 'anim.gif', 'logo.svg', 'scan.TIF', 'paint.bmp', 'favicon.ico', 'phone.heic']) {
      expect(fileKind(file(name)), name).toBe('image');
    }
    expect(fileKind(file('camera-upload', 'image/jpeg'))).toBe('image');
    expect(iconGroup('image')).toBe('media');
    expect(iconGroup(fileKind(file('talk.mp4')))).toBe('media');
    expect(iconGroup('pdf')).toBe('pdf');
  });

  it('falls back to the text icon for txt, csv and anything unknown', () => {
    expect(fileKind(file('notes.txt'))).toBe('text');
    expect(fileKind(file('table.csv'))).toBe('text');
    expect(fileKind(file('README'))).toBe('text');
    expect(fileKind(file('.env'))).toBe('text');
  });

  it('uses the content type when the extension says nothing', () => {
    expect(fileKind(file('download', 'application/pdf'))).toBe('pdf');
    expect(fileKind(file('clip', 'video/mp4'))).toBe('media');
    expect(fileKind(file('sheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe('excel');
  });

  it('answers folder for folders whatever their name', () => {
    expect(fileKind({ type: 'folder', name: 'report.pdf' })).toBe('folder');
  });
});

describe('fileExtension', () => {
  it('takes the last extension and ignores leading dots', () => {
    expect(fileExtension('a.tar.gz')).toBe('gz');
    expect(fileExtension('.gitignore')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});
