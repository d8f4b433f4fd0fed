import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as japaneseDictionary, translations as japaneseTranslations } from '@zxcvbn-ts/language-ja';

/**
 * zxcvbn-ts with the common (breached passwords, diceware, keyboard layouts) and Japanese (words,
 * names, Wikipedia) dictionaries, about 660 KiB minified: imported by password-strength.ts on the
 * first check only, as one file (one chunk in the SPA, one lazy file beside a Lambda bundle).
 */
export function createEstimator(): { zxcvbn: ZxcvbnFactory; japaneseWarnings: Record<string, string> } {
  return {
    // The dictionaries are ranked here, once per process.
    zxcvbn: new ZxcvbnFactory({ dictionary: { ...commonDictionary, ...japaneseDictionary }, graphs: adjacencyGraphs }),
    japaneseWarnings: japaneseTranslations.warnings,
  };
}
