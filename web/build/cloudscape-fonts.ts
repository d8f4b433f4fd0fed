import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Cloudscape's global styles embed every Open Sans face (300-800, normal and italic) as a woff2 data
 * URL: ~145 KiB that every page downloaded before it could paint, though a page uses two faces. This
 * plugin writes each face, from the installed package, to a file under Vite's cache directory and
 * points the @font-face rule at it, so Vite emits it as a hashed asset that the browser fetches only
 * when a text needs that face. The faces every screen uses (400 and 700 upright) are preloaded from
 * index.html so they arrive with the CSS.
 */
const GLOBAL_STYLES = /[\\/]@cloudscape-design[\\/]global-styles[\\/]index\.css$/;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
const DATA_URL = /url\(\s*(['"]?)data:font\/(woff2?);base64,([^'")]+)\1\s*\)/;
const PRELOAD = /(?:^|\/)open-sans-(400|700)-normal-[\w-]+\.woff2$/;

export function cloudscapeFontFiles(): Plugin {
  let fontDir = '';
  let base = '/';
  return {
    name: 'cloudscape-font-files',
    enforce: 'pre',
    configResolved(config) {
      fontDir = join(config.cacheDir, 'cloudscape-fonts');
      base = config.base;
    },
    transform(code, id) {
      if (!GLOBAL_STYLES.test(id.split('?')[0]!)) return null;
      mkdirSync(fontDir, { recursive: true });
      let faces = 0;
      const css = code.replace(FONT_FACE, (rule) => {
        const data = DATA_URL.exec(rule);
        if (!data) return rule;
        const [, , format, base64] = data;
        const weight = /font-weight:\s*(\d+)/.exec(rule)?.[1] ?? 'normal';
        const style = /font-style:\s*(\w+)/.exec(rule)?.[1] ?? 'normal';
        const family = (/font-family:\s*['"]?([^'";]+)/.exec(rule)?.[1] ?? 'font').trim().toLowerCase().replace(/\s+/g, '-');
        const bytes = Buffer.from(base64!, 'base64');
        const file = join(fontDir, `${family}-${weight}-${style}.${format}`);
        const same = existsSync(file) && createHash('sha256').update(readFileSync(file)).digest('hex') === createHash('sha256').update(bytes).digest('hex');
        if (!same) writeFileSync(file, bytes);
        faces += 1;
        return rule.replace(data[0], `url('${file.replace(/\\/g, '/')}')`);
      });
      if (faces === 0) this.warn('no embedded fonts found in @cloudscape-design/global-styles/index.css: the plugin may be stale');
      return { code: css, map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return Object.keys(context.bundle)
          .filter((fileName) => PRELOAD.test(fileName))
          .sort()
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `${base}${fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
