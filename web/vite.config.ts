import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cloudscapeFontFiles } from './build/cloudscape-fonts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The SPA: root web/, output web/dist (served by `npm start` locally and by CloudFront in AWS). */
export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), cloudscapeFontFiles()],
  resolve: {
    alias: {
      '@shared': here('../shared'),
      '@': here('./src'),
    },
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
    sourcemap: true,
    // Cloudscape is large by nature; route chunks keep any one page well below this.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // Name the long-lived vendor code so its chunk keeps its cache across app releases; pages
        // and Cloudscape components stay split by route.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|swr|use-sync-external-store|cookie|set-cookie-parser)[\\/]/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
