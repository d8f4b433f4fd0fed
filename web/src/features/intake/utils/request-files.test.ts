import { describe, expect, it } from 'vitest';
import { codes } from '@shared/codes.ts';
import { REQUEST_FILE_BYTES_MAX } from '@shared/schemas/file-requests.ts';
import { acceptOf, contentTypeOf, planRequestFiles, refuseRequestFile, refusesLink, type RequestLimits } from './request-files.ts';

const limits: RequestLimits = { files_left: 20, bytes_left: 1024 ** 3, max_file_bytes: REQUEST_FILE_BYTES_MAX, allowed_kinds: [] };

describe('the request page checks each file before asking', () => {
  it('takes any kind when the link names none, and only the named kinds otherwise, by the extension in any case', () => {
    expect(refuseRequestFile({ name: 'notes.unknown', size: 1 }, limits)).toBeUndefined();
    const pdfOnly = { ...limits, allowed_kinds: ['pdf', 'image'] as const };
    expect(refuseRequestFile({ name: '請求書.PDF', size: 1 }, pdfOnly)).toBeUndefined();
    expect(refuseRequestFile({ name: 'scan.jpeg', size: 1 }, pdfOnly)).toBeUndefined();
    expect(refuseRequestFile({ name: 'sheet.xlsx', size: 1 }, pdfOnly)).toEqual({ key: 'code.fileRequestKindNotAllowed' });
    expect(refuseRequestFile({ name: 'pdf', size: 1 }, pdfOnly)).toEqual({ key: 'code.fileRequestKindNotAllowed' });
  });

  it('refuses a file above the largest the link takes, and never above one PUT', () => {
    expect(refuseRequestFile({ name: 'a.pdf', size: 10 }, { ...limits, max_file_bytes: 10 })).toBeUndefined();
    expect(refuseRequestFile({ name: 'a.pdf', size: 11 }, { ...limits, max_file_bytes: 10 })).toEqual({ key: 'validation.fileTooLarge' });
    expect(refuseRequestFile({ name: 'a.pdf', size: REQUEST_FILE_BYTES_MAX + 1 }, { ...limits, max_file_bytes: Number.MAX_SAFE_INTEGER })).toEqual({ key: 'validation.fileTooLarge' });
  });

  it('counts the files and bytes left in order: the file that does not fit leaves its share to the next', () => {
    const plan = planRequestFiles(
      [
        { name: 'a.pdf', size: 60 },
        { name: 'b.pdf', size: 50 },
        { name: 'c.pdf', size: 40 },
        { name: 'd.exe', size: 1 },
        { name: 'e.pdf', size: 0 },
      ],
      { ...limits, files_left: 3, bytes_left: 100, allowed_kinds: ['pdf'] },
    );
    expect(plan).toEqual([undefined, { key: 'code.fileRequestTooLarge', bytesLeft: 40 }, undefined, { key: 'code.fileRequestKindNotAllowed' }, undefined]);
    expect(planRequestFiles([{ name: 'a.pdf', size: 1 }, { name: 'b.pdf', size: 1 }], { ...limits, files_left: 1 })).toEqual([undefined, { key: 'code.fileRequestFull' }]);
    expect(planRequestFiles([], limits)).toEqual([]);
  });

  it("offers the chooser the kinds' extensions", () => {
    expect(acceptOf([])).toBeUndefined();
    expect(acceptOf(['pdf', 'csv'])).toBe('.pdf,.csv,.tsv');
  });

  it('sends the browser’s type only when the server takes it as one', () => {
    expect(contentTypeOf({ type: 'application/pdf' })).toBe('application/pdf');
    expect(contentTypeOf({ type: '' })).toBeUndefined();
    expect(contentTypeOf({ type: 'not a type' })).toBeUndefined();
  });

  it('tells refusals of the link from refusals of one file', () => {
    for (const code of [codes.shareLinkNotFound, codes.shareLinkExpired, codes.shareLinkRevoked, codes.fileRequestStopped, codes.shareLinkTooManyAttempts]) expect(refusesLink(code.code)).toBe(true);
    for (const code of [codes.fileRequestKindNotAllowed, codes.fileRequestTooLarge, codes.fileRequestFull, codes.shareLinkPasswordWrong, codes.input]) expect(refusesLink(code.code)).toBe(false);
  });
});
