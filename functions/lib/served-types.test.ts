import { describe, expect, it } from 'vitest';
import { servedContentType } from './served-types.ts';

describe('servedContentType', () => {
  it('serves the listed types as declared', () => {
    for (const type of [
      'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/tiff',
      'application/pdf', 'text/plain', 'text/csv',
      'audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg', 'video/mp4', 'video/webm', 'video/quicktime',
      'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation',
      'application/zip', 'application/x-zip-compressed',
    ]) expect(servedContentType(type), type).toBe(type);
  });

  it('serves everything else as plain bytes: markup, scripts, feeds, style sheets, SVG', () => {
    for (const type of [
      'text/html', 'image/svg+xml', 'application/rss+xml', 'text/xsl', 'application/xhtml+xml', 'application/javascript',
      'text/xml', 'application/xml', 'text/javascript', 'application/atom+xml', 'text/css', 'application/x-shockwave-flash',
      'multipart/x-mixed-replace', 'application/octet-stream',
    ]) expect(servedContentType(type), type).toBe('application/octet-stream');
  });

  it('judges the type whatever its case and parameters, and serves malformed or missing types as plain bytes', () => {
    expect(servedContentType('TEXT/HTML; charset=utf-8')).toBe('application/octet-stream');
    expect(servedContentType(' Text/Html ')).toBe('application/octet-stream');
    expect(servedContentType('image/svg+xml;charset=utf-8')).toBe('application/octet-stream');
    expect(servedContentType('IMAGE/PNG')).toBe('image/png');
    expect(servedContentType('application/pdf; name="x.html"')).toBe('application/pdf');
    expect(servedContentType('text/plain, text/html')).toBe('application/octet-stream');
    expect(servedContentType('')).toBe('application/octet-stream');
    expect(servedContentType(null)).toBe('application/octet-stream');
    expect(servedContentType(undefined)).toBe('application/octet-stream');
  });

  it('keeps a known charset on text, as the CSV exports declare it, and drops any other parameter', () => {
    expect(servedContentType('text/csv; charset=UTF-8')).toBe('text/csv; charset=UTF-8');
    expect(servedContentType('text/csv; charset=Shift_JIS')).toBe('text/csv; charset=Shift_JIS');
    expect(servedContentType('TEXT/PLAIN;CHARSET="utf-8"')).toBe('text/plain; charset=utf-8');
    expect(servedContentType('text/plain; charset=utf-7')).toBe('text/plain');
    expect(servedContentType('text/plain; format=flowed')).toBe('text/plain');
    expect(servedContentType('text/plain')).toBe('text/plain');
    expect(servedContentType('image/png; charset=utf-8')).toBe('image/png');
  });
});
