import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, isLanguage, type Language } from '@shared/messages.ts';
import { en } from './en.ts';
import { ja } from './ja.ts';

export type { Language };

const LANGUAGE_KEY = 'language';

/** The language chosen in the top navigation (persisted), else the browser's, else English. */
function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage unavailable
  }
  const browser = navigator.language?.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : fallbackLanguage;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ja: { translation: ja } },
  lng: initialLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: ['en', 'ja'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const applyDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : fallbackLanguage;
}

/** Switches the UI language and remembers the choice for the next visit. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  if (language !== i18n.language) void i18n.changeLanguage(language);
}
