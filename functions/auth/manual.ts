import type { Operation } from '#lib/api-handler.ts';
import { languages } from '#shared/messages.ts';
import { manualEditions, manualFileName } from '#shared/manual/index.ts';
import { manualHtml } from '#shared/manual/html.ts';

const CONTENT_TYPE = 'text/html; charset=utf-8';

/** manual_download_info: each edition (docs/home.md "Manual"). */
export const manualDownloadInfo: Operation<'com/manual_download_info'> = async () => ({
  editions: languages.map((language) => {
    const edition = manualEditions[language];
    return {
      language, title: edition.title, updated: edition.updated, file_name: manualFileName(language),
      content_type: CONTENT_TYPE, size: Buffer.byteLength(manualHtml(edition), 'utf8'),
    };
  }),
});

/** manual_download: the printable HTML manual in the language asked for, else the caller's. */
export const manualDownload: Operation<'com/manual_download'> = async ({ input, language }) => {
  const chosen = input.language ?? language;
  return { file_name: manualFileName(chosen), content_type: CONTENT_TYPE, content: manualHtml(manualEditions[chosen]) };
};
