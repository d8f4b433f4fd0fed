import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cloudscapeAppLayoutRefreshOnly } from './build/cloudscape-app-layout.ts';
import { cloudscapeFontFiles } from './build/cloudscape-fonts.ts';
import { cloudscapeIconsInUse } from './build/cloudscape-icons.ts';
import { localeFiles } from './build/locales.ts';
import { routeFlags } from './build/route-flags.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * Cloudscape's I18nProvider formats only the precompiled messages it is given (web/build/locales.ts
 * ships them from the package's all.<language>.json), so the ICU parser is never called: formatjs's
 * documented parser-less build keeps it out of the bundle.
 */
const icuParserDir = dirname(createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/package.json'));
/**
 * React Router 7's package exports name its development build for every condition (its dev warnings
 * included: remix-run/react-router#12532, #14753); a production build takes the production files,
 * which the package ships beside them (no dev warnings in the console; about 0.5 KiB gzip less).
 */
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

/** The SPA: root web/, output web/dist (served by `npm start` locally and by CloudFront in AWS). */
export default defineConfig(({ command }) => ({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), cloudscapeFontFiles(), cloudscapeAppLayoutRefreshOnly(), cloudscapeIconsInUse(here('./src')), localeFiles(), routeFlags()],
  resolve: {
    alias: [
      { find: '@shared', replacement: here('../shared') },
      { find: '@', replacement: here('./src') },
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: join(icuParserDir, 'lib/no-parser.js') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Maps are built beside the files but not named in them: a browser never fetches them, and the
    // comment that names one costs each of the ~50 files a first load fetches about 40 bytes of gzip.
    sourcemap: 'hidden',
    // Cloudscape is large by nature; route chunks keep any one page well below this.
    chunkSizeWarningLimit: 1024,
    // Every browser Cloudscape supports preloads modules itself: the polyfill is dead weight in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Name the long-lived vendor code so its chunk keeps its cache across app releases; pages
        // and Cloudscape components stay split by route. What the entry itself imports (every page
        // needs it: the top bar's Cloudscape parts, the i18n and session code) goes in two chunks,
        // vendor and app, instead of a dozen small shared ones: each file costs a request and gzip
        // compresses one file better than many (tests/bench/first-load.ts, web/README.md).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            // SWR only with the pages that read through it (the login page does not).
            { name: 'swr', test: /[\\/]node_modules[\\/](swr|use-sync-external-store|dequal)[\\/]/ },
            // Statically imported by the entry ($initial): every page loads these anyway.
            { name: 'ui-core', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'app-core', test: /[\\/](web[\\/]src|shared)[\\/]/, tags: ['$initial'], priority: 1 },
            // Cloudscape's form, container and header parts: nearly every page, the login page included, uses
            // them together (one file instead of eight).
            { name: 'ui-forms', test: /@cloudscape-design[\\/]components[\\/](form|form-field|input|container|header|link|grid|internal[\\/]analytics)[\\/]/ },
          ],
        },
      },
    },
  },
}));
