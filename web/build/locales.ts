import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { resolveConfig, runnerImport, type Alias, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The UI strings as static files, one per language, built from the same TypeScript sources the type
 * check reads (web/src/lib/i18n/en.ts, ja.ts and the section files they spread in): the SPA fetches
 * only the user's language instead of carrying every language in its JavaScript. Each file is
 * `{ translation, cloudscape }`: the app's strings (i18next's default namespace) and Cloudscape's own
 * messages for that language (the I18nProvider's, from the installed package's precompiled JSON).
 *
 * `import locales from 'virtual:locales'` gives `{ en: { url, hash }, ja: { url, hash } }`. In a
 * build the files are `assets/locales/<language>-<content hash>.json` (cached for good, like every
 * hashed asset); the dev server answers `/@locales/<language>.json` from the current sources.
 * `localeFilesFromSources` makes the same files outside a Vite build: the auth function's
 * `com/translate` serves them (functions/auth/translate.ts).
 */
export const LOCALE_SOURCES = {
  en: { file: 'src/lib/i18n/en.ts', exportName: 'en' },
  ja: { file: 'src/lib/i18n/ja.ts', exportName: 'ja' },
} as const;
type Language = keyof typeof LOCALE_SOURCES;
const languages = Object.keys(LOCALE_SOURCES) as Language[];

const VIRTUAL_ID = 'virtual:locales';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const DEV_PREFIX = '/@locales/';

/** Imports a module of the SPA in Node with the SPA's aliases (Vite's module runner). */
export async function importWithAliases<T>(config: ResolvedConfig, file: string): Promise<{ module: T; dependencies: string[] }> {
  return runnerImport<T>(file, {
    configFile: false,
    root: config.root,
    logLevel: 'error',
    resolve: { alias: config.resolve.alias as Alias[] },
  });
}

const require = createRequire(import.meta.url);
/** Cloudscape's messages for one language, already compiled to ICU syntax trees. */
const cloudscapeMessages = (language: Language): unknown =>
  JSON.parse(readFileSync(require.resolve(`@cloudscape-design/components/i18n/messages/all.${language}.json`), 'utf8'));

const localeJson = (translation: unknown, language: Language): string => {
  if (!translation || typeof translation !== 'object' || Object.keys(translation).length === 0) throw new Error(`no ${language} strings`);
  return JSON.stringify({ translation, cloudscape: cloudscapeMessages(language) });
};

async function readLocale(config: ResolvedConfig, language: Language) {
  const { file, exportName } = LOCALE_SOURCES[language];
  const { module, dependencies } = await importWithAliases<Record<string, unknown>>(config, `${config.root}/${file}`);
  const json = localeJson(module[exportName], language);
  return { json, hash: createHash('sha256').update(json).digest('hex').slice(0, 12), dependencies };
}

/**
 * Every language's file, byte for byte as a build emits it (the same sources, the SPA's own config
 * and aliases, the same format), for what is not a Vite build: the functions build writes them beside
 * the auth bundle, and com/translate makes them so when it runs from the sources.
 */
export async function localeFilesFromSources(): Promise<Record<Language, string>> {
  // Vite sets NODE_ENV when it is unset (its config and its module runner); the process asking (the local stack) keeps its own.
  const nodeEnv = process.env.NODE_ENV;
  try {
    const config = await resolveConfig({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), logLevel: 'error' }, 'build');
    const files = await Promise.all(languages.map(async (language) => [language, (await readLocale(config, language)).json] as const));
    return Object.fromEntries(files) as Record<Language, string>;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export function localeFiles(): Plugin {
  let config: ResolvedConfig;
  /** What the build emitted, for index.html. */
  const built: Partial<Record<Language, { url: string; hash: string }>> = {};
  return {
    name: 'locale-files',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      const entries: Record<string, { url: string; hash: string }> = {};
      for (const language of languages) {
        if (config.command === 'serve') {
          entries[language] = { url: `${DEV_PREFIX}${language}.json`, hash: '' };
          continue;
        }
        const { json, hash, dependencies } = await readLocale(config, language);
        for (const dependency of dependencies) this.addWatchFile(dependency);
        const fileName = `${config.build.assetsDir}/locales/${language}-${hash}.json`;
        this.emitFile({ type: 'asset', fileName, source: json });
        entries[language] = { url: `${config.base}${fileName}`, hash };
        built[language] = entries[language];
      }
      return `export default ${JSON.stringify(entries)};`;
    },
    /**
     * A few lines at the top of index.html pick the language the same way lib/i18n/index.ts does
     * (localStorage.language, the browser's, English) and preload its file unless localStorage
     * already holds this build's copy: the strings then download with the entry chunk instead of
     * after it. Without the script (e.g. under a strict CSP) the app still fetches the file itself.
     */
    transformIndexHtml: {
      order: 'post',
      handler() {
        const files = Object.fromEntries(languages.map((language) => [language, config.command === 'serve'
          ? { url: `${DEV_PREFIX}${language}.json`, hash: '' }
          : built[language]]));
        if (Object.values(files).some((file) => !file)) return [];
        const script = `(function(){try{var f=${JSON.stringify(files)},s=window.localStorage,l=null,c=null;`
          + `try{l=s.getItem('language')}catch(e){}if(!f[l])l=(navigator.language||'').slice(0,2).toLowerCase();if(!f[l])l='en';`
          + `try{c=JSON.parse(s.getItem('translations')||'null')}catch(e){}if(f[l].hash&&c&&c[l]&&c[l].hash===f[l].hash)return;`
          + `var k=document.createElement('link');k.rel='preload';k.as='fetch';k.crossOrigin='anonymous';k.href=f[l].url;document.head.appendChild(k)}catch(e){}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' as const }];
      },
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const match = /^\/@locales\/(\w+)\.json$/.exec(request.url?.split('?')[0] ?? '');
        const language = match?.[1];
        if (!language || !(language in LOCALE_SOURCES)) return next();
        try {
          const { file, exportName } = LOCALE_SOURCES[language as Language];
          const module = await server.ssrLoadModule(`/${file}`);
          response.setHeader('content-type', 'application/json; charset=utf-8');
          response.setHeader('cache-control', 'no-cache');
          response.end(localeJson(module[exportName], language as Language));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
