import type { Language } from '../messages.ts';
import { manualEn } from './en.ts';
import { manualJa } from './ja.ts';
import type { ManualEdition } from './types.ts';

export type { ManualEdition, ManualSection } from './types.ts';

/** Every edition of the manual, by language (SPEC.md §1: English and Japanese). */
export const manualEditions: Record<Language, ManualEdition> = { en: manualEn, ja: manualJa };

/** The download's file name: ASCII, so every browser keeps it as is. */
export const manualFileName = (language: Language): string => `com-drive-manual-${language}.html`;
