/**
 * Where the local stack loads a function's handler from: its TypeScript source, or, with
 * `LOCAL_FUNCTIONS=bundled`, the bundle that ships (`npm run build:functions` writes dist/functions/),
 * so a walk can prove the bundles (their pruned message catalogues included) behave as the sources do.
 */
export const functionModule = (name: string): string =>
  process.env.LOCAL_FUNCTIONS === 'bundled'
    ? new URL(`../../dist/functions/${name}/index.mjs`, import.meta.url).href
    : new URL(`../../functions/${name}/handler.ts`, import.meta.url).href;
