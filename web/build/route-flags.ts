import { fileURLToPath } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';
import type { routes } from '../../shared/routes.ts';
import { importWithAliases } from './locales.ts';

/**
 * What the API client needs of the route manifest (shared/routes.ts) at run time: each path's access
 * and whether it can start a session. Importing the manifest itself would bring every request and
 * response schema, and zod with them, into every page; `import flags from 'virtual:route-flags'` gives
 * `{ [path]: { access, startsSession? } }`, generated from the manifest when the SPA is built.
 */
const VIRTUAL_ID = 'virtual:route-flags';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const manifest = fileURLToPath(new URL('../../shared/routes.ts', import.meta.url));

export function routeFlags(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'route-flags',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      const { module, dependencies } = await importWithAliases<{ routes: typeof routes }>(config, manifest);
      for (const dependency of dependencies) this.addWatchFile(dependency);
      const flags = Object.fromEntries(Object.entries(module.routes).map(([path, def]) => [
        path,
        { access: def.access, ...('startsSession' in def && def.startsSession ? { startsSession: true } : {}) },
      ]));
      return `export default ${JSON.stringify(flags)};`;
    },
  };
}
