import { catalogue, type Catalogue } from './message-catalogue.ts';

/**
 * The message catalogue (shared/message-catalogue.ts) and how a text is looked up in it: the
 * languages, the keys and `translate`.
 */
export const languages = ['en', 'ja'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

export { catalogue, type Catalogue };
/** A key into the catalogue such as `validation.required` or `code.loginWrongData`. */
export type MessageKey = {
  [S in keyof Catalogue]: `${S & string}.${keyof Catalogue[S] & string}`;
}[keyof Catalogue];

export type MessageParams = Record<string, string | number>;

/** Resolves a catalogue key in a language (fallback English) and fills `{{name}}` placeholders. */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const [section, name] = key.split('.') as [keyof Catalogue, string];
  const pick = (lang: Language) => (catalogue[lang][section] as Record<string, string>)[name];
  const text = pick(language) ?? pick(fallbackLanguage) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (match, param: string) => String(params[param] ?? match));
}
