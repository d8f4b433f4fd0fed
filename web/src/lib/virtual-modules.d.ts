/** Modules the build generates (web/build/): see there. */
declare module 'virtual:locales' {
  import type { Language } from '@shared/messages.ts';

  const locales: Record<Language, { url: string; hash: string }>;
  export default locales;
}

declare module 'virtual:route-flags' {
  import type { Access, RoutePath } from '@shared/routes.ts';

  const flags: Record<RoutePath, { access: Access; startsSession?: true }>;
  export default flags;
}
