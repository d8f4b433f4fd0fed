import type { Plugin } from 'vite';

/**
 * Cloudscape's AppLayout ships three implementations and picks one at run time: classic (never here:
 * this build of Cloudscape is always visual refresh), visual refresh, and the "toolbar" design, which
 * only AWS consoles switch on through a global flag. The chooser imports all three, so every signed-in
 * page downloaded ~20 KiB gzip of layouts it never renders. This plugin makes the chooser import the
 * visual-refresh layout only; the package stays untouched on disk.
 *
 * The rewrite is checked against the chooser's known source: when a Cloudscape update changes it,
 * the build warns and keeps the original (nothing breaks, the bytes come back).
 */
const APP_LAYOUT_CHOOSER = /[\\/]@cloudscape-design[\\/]components[\\/]app-layout[\\/]internal\.js$/;
const EXPECTED = [
  "import ClassicAppLayout from './classic';",
  "import { useAppLayoutFlagEnabled } from './utils/feature-flags';",
  "import RefreshedAppLayout from './visual-refresh';",
  "import ToolbarAppLayout from './visual-refresh-toolbar';",
  'const isRefresh = useVisualRefresh();',
  'const isToolbar = useAppLayoutFlagEnabled();',
];

const REFRESH_ONLY = `import React from 'react';
import RefreshedAppLayout from './visual-refresh';
export const AppLayoutInternal = React.forwardRef((props, ref) => React.createElement(RefreshedAppLayout, { ref: ref, ...props }));
`;

export function cloudscapeAppLayoutRefreshOnly(): Plugin {
  return {
    name: 'cloudscape-app-layout-refresh-only',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!APP_LAYOUT_CHOOSER.test(id.split('?')[0]!)) return null;
      if (!EXPECTED.every((line) => code.includes(line))) {
        this.warn('@cloudscape-design/components/app-layout/internal.js changed: AppLayout keeps all three layouts (see web/build/cloudscape-app-layout.ts)');
        return null;
      }
      return { code: REFRESH_ONLY, map: null };
    },
  };
}
