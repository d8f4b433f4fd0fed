import { readFile } from 'node:fs/promises';
import type { Operation } from '#lib/api-handler.ts';
import type { Language } from '#shared/messages.ts';
import type { TranslateResponse } from '#shared/schemas/translate.ts';

/**
 * com/translate: the SPA's strings for a language, the very file the SPA reads as a static asset
 * (web/build/locales.ts makes both), for the SPA's loader when that read fails (docs/home.md).
 *
 * The functions build writes the files beside the auth bundle (infra/aws/bundling.ts `besideBundle`);
 * each is read and parsed on its first call and kept for the container's life, so the bundle's cold
 * import carries none of the ~400 KB of strings.
 */
export const localeFileName = (language: Language): string => `locales/${language}.json`;

const files = new Map<Language, Promise<TranslateResponse>>();

/**
 * Run from the sources (vitest, `npm start` without LOCAL_FUNCTIONS=bundled), no build lies beside
 * this module: the same files are made from the SPA's sources by the build's own function. The one
 * reach of functions/ into web/, and only from the TypeScript sources: named through a variable so
 * that esbuild never pulls Vite into the bundle, where a missing file is an error instead.
 */
const SOURCES_MODULE = '../../web/build/locales.ts';

async function localeFile(language: Language): Promise<string> {
  try {
    return await readFile(new URL(localeFileName(language), import.meta.url), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !import.meta.url.endsWith('.ts')) throw error;
  }
  const { localeFilesFromSources } = (await import(SOURCES_MODULE)) as { localeFilesFromSources: () => Promise<Record<Language, string>> };
  return (await localeFilesFromSources())[language];
}

export const translateStrings: Operation<'com/translate'> = async ({ input }) => {
  let file = files.get(input.language);
  if (!file) {
    file = localeFile(input.language).then((text) => JSON.parse(text) as TranslateResponse);
    files.set(input.language, file);
    // A failed read is tried again on the next call, not kept.
    file.catch(() => files.delete(input.language));
  }
  return file;
};
