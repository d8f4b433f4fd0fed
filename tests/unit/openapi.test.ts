import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '#shared/openapi.ts';
import { routePaths } from '#shared/routes.ts';

describe('docs/openapi.json', () => {
  it('matches the route manifest (run `npm run openapi` after changing a route or schema)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(buildOpenApi());
  });

  it('documents every manifest route once, with the shared envelope', () => {
    const paths = Object.keys(buildOpenApi().paths as object);
    expect(paths).toEqual(routePaths.map((path) => `/api/${path}`));
  });
});
