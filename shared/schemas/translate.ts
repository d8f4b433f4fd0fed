import * as z from 'zod/mini';
import { language } from './auth.ts';

/**
 * com/translate (SPEC.md §7): the SPA's strings for one language, the file its loader otherwise reads
 * as a static asset (web/build/locales.ts). The whole file at once: the loader reads both of its
 * namespaces from one read per language, so there is no part to ask for.
 */
export const translateRequest = z.strictObject({ language });
export type TranslateRequest = z.input<typeof translateRequest>;

/** i18next's resources of one namespace: keys to texts, or to nested sections of them. */
const namespaceStrings = z.record(z.string(), z.unknown());

/** The static file's shape: the app's strings (i18next's default namespace) and Cloudscape's own messages. */
export const translateResponse = z.object({ translation: namespaceStrings, cloudscape: namespaceStrings });
export type TranslateResponse = z.infer<typeof translateResponse>;
