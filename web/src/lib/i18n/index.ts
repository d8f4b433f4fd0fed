import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import locales from 'virtual:locales';
import { fallbackLanguage, isLanguage, type Language } from '@shared/messages.ts';

export type { Language };

const LANGUAGE_KEY = 'language';
/** SPEC.md §3 "translations": the last fetched strings per language, with the hash of their file. */
const TRANSLATIONS_KEY = 'translations';

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

/** One language's file (web/build/locales.ts): the app's strings and Cloudscape's messages, one namespace each. */
type LocaleFile = Record<string, Record<string, unknown>>;
type CachedTranslations = Partial<Record<Language, { hash: string; file: LocaleFile }>>;

function readCachedTranslations(): CachedTranslations {
  try {
    const raw = localStorage.getItem(TRANSLATIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as CachedTranslations) : {};
  } catch {
    return {};
  }
}

/** Keeps the files of this build only: an entry whose hash is no longer served is dropped. */
function cacheTranslations(language: Language, hash: string, file: LocaleFile): void {
  const cached = readCachedTranslations();
  const kept: CachedTranslations = { [language]: { hash, file } };
  for (const other of Object.keys(cached) as Language[]) {
    if (other !== language && isLanguage(other) && cached[other]?.hash === locales[other].hash) kept[other] = cached[other];
  }
  try {
    localStorage.setItem(TRANSLATIONS_KEY, JSON.stringify(kept));
  } catch {
    // storage full or unavailable: the HTTP cache still holds the file
  }
}

class LoadError extends Error {
  constructor(message: string, readonly retry: boolean) {
    super(message);
  }
}

/** Worth another try: network failures, 5xx, 408 and 429; any other status is final. */
const retriable = (status: number): boolean => status === 0 || status >= 500 || status === 408 || status === 429;

/** The build's static file (web/build/locales.ts). */
async function fetchStaticFile(language: Language): Promise<LocaleFile> {
  const { url, hash } = locales[language];
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new LoadError(`${url}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  if (!response.ok) throw new LoadError(`${url}: HTTP ${response.status}`, retriable(response.status));
  let file: LocaleFile;
  try {
    file = (await response.json()) as LocaleFile;
  } catch (error) {
    // A body cut short: the next try may get it whole.
    throw new LoadError(`${url}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  if (hash) cacheTranslations(language, hash, file);
  return file;
}

/**
 * The same file from the auth function (com/translate, docs/home.md). Not kept in localStorage: it
 * is the deployed functions' copy, which need not be this build's file that the hash names. The API
 * client is loaded on demand, as it imports this module; silent, since the error modal has no strings.
 */
async function fetchFromApi(language: Language): Promise<LocaleFile> {
  const { ApiError, callApi } = await import('../api-client.ts');
  try {
    return await callApi('com/translate', { language }, { silent: true });
  } catch (error) {
    const retry = !(error instanceof ApiError) || error.kind === 'network' || retriable(error.status);
    throw new LoadError(`com/translate: ${error instanceof Error ? error.message : String(error)}`, retry);
  }
}

/** Languages whose static file answered a final status (404 after a release): later tries skip it. */
const staticFileGone = new Set<Language>();

/**
 * One try: the static file, and when it fails, com/translate at once. The retries repeat the pair,
 * so each source gets the same policy and the fallback does not wait out the static file's retries
 * first; the try is worth repeating if either source's failure was.
 */
async function readOnce(language: Language): Promise<LocaleFile> {
  let staticFailure: LoadError | undefined;
  if (!staticFileGone.has(language)) {
    try {
      return await fetchStaticFile(language);
    } catch (error) {
      staticFailure = error as LoadError;
      if (!staticFailure.retry) staticFileGone.add(language);
    }
  }
  try {
    return await fetchFromApi(language);
  } catch (error) {
    const apiFailure = error as LoadError;
    throw new LoadError([staticFailure?.message, apiFailure.message].filter(Boolean).join('; '), apiFailure.retry || (staticFailure?.retry ?? false));
  }
}

/** SPEC.md §9: up to 5 retries, the first after 350 ms, then doubling. */
const RETRIES = 5;
const FIRST_RETRY_MS = 350;

/**
 * The retries are made here, once per language, rather than by i18next's connector: it retries each
 * namespace on its own, and reads a language that failed with "retry" again on the next load (a
 * render asks for the current language's strings once more), which repeated every try.
 */
async function readFile(language: Language): Promise<LocaleFile> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await readOnce(language);
    } catch (error) {
      if (!(error instanceof LoadError && error.retry) || retry >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS * 2 ** retry));
    }
  }
}

/** In memory: one read per language and build, shared by its namespaces; a failure is forgotten so a retry reads again. */
const files = new Map<Language, Promise<LocaleFile>>();

function loadFile(language: Language): Promise<LocaleFile> {
  const { hash } = locales[language];
  let loading = files.get(language);
  if (loading) return loading;
  const cached = hash ? readCachedTranslations()[language] : undefined;
  loading = cached && cached.hash === hash ? Promise.resolve(cached.file) : readFile(language);
  files.set(language, loading);
  loading.catch(() => files.delete(language));
  return loading;
}

/**
 * Reads one language's strings: from localStorage when this build's file was read before, else
 * the static file the build made from en.ts / ja.ts (web/build/locales.ts), else the same file from
 * com/translate, with SPEC.md §9's retries (readFile). i18next's connector keeps what it read in
 * memory and runs at most 10 reads at once. Only when every try of both sources failed does the
 * language count as not loaded, for good: the English fallback then takes over.
 */
class TranslationFiles implements BackendModule {
  static readonly type = 'backend';
  readonly type = 'backend';
  readonly callbackApi = true;

  init(): void {}

  read(language: string, namespace: string, callback: ReadCallback): void {
    if (!isLanguage(language)) {
      callback(new Error(`No strings for language ${language}`), false);
      return;
    }
    loadFile(language).then(
      (file) => {
        const strings = file[namespace];
        if (strings) callback(null, strings);
        else callback(new Error(`No ${namespace} strings for ${language}`), false);
      },
      // `false`: no retry by the connector (readFile has made them), and no new read on the next load.
      (error: unknown) => callback(error as Error, false),
    );
  }
}

export const i18n = i18next.createInstance();

/**
 * English is fetched only when the user's language could not be loaded: every key exists in both
 * languages (ja.ts is typed against en.ts), so a loaded language never needs it.
 */
let fallbackNeeded = false;
let fallbackLoading: Promise<unknown> | undefined;
const useFallback = (): Promise<unknown> => {
  fallbackNeeded = true;
  fallbackLoading ??= i18n.loadLanguages(fallbackLanguage);
  return fallbackLoading;
};
i18n.on('failedLoading', (language: string) => {
  if (language !== fallbackLanguage && !fallbackNeeded) void useFallback();
});

const firstLanguage = initialLanguage();

/** Resolves once the first language's strings (or, failing that, English) are loaded: render after it. */
export const i18nReady: Promise<void> = i18n
  .use(TranslationFiles)
  .use(initReactI18next)
  .init({
    lng: firstLanguage,
    fallbackLng: () => (fallbackNeeded ? [fallbackLanguage] : []),
    supportedLngs: ['en', 'ja'],
    load: 'currentOnly',
    // `cloudscape`: Cloudscape's own messages for the I18nProvider (app/provider.tsx), from the same file.
    ns: ['translation', 'cloudscape'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    // SPEC.md §9's retries are readFile's; its 10 parallel reads the connector's.
    maxRetries: 0,
    maxParallelReads: 10,
    // Re-render when strings arrive (the English fallback after a failed load), not only on a language change.
    react: { bindI18n: 'languageChanged loaded' },
  })
  .then(async () => {
    if (fallbackNeeded) await useFallback();
  }, async () => {
    await useFallback();
  });

/** True when some strings are there to show (false only if every language failed to load). */
export const hasStrings = (): boolean => i18n.hasLoadedNamespace('translation') || i18n.hasResourceBundle(fallbackLanguage, 'translation');

const applyDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
applyDocumentLanguage(firstLanguage);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language ?? firstLanguage;
  return isLanguage(language) ? language : fallbackLanguage;
}

/** Switches the UI language (once its strings are loaded) and remembers the choice for the next visit. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  if (language !== i18n.language) void i18n.changeLanguage(language);
}
