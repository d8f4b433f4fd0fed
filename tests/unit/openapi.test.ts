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

  it('names the Idempotency-Key header on the idempotent routes only', () => {
    const paths = buildOpenApi().paths as Record<string, { post: { parameters?: { name: string }[] } }>;
    const keyed = Object.entries(paths).filter(([, { post }]) => post.parameters?.some((parameter) => parameter.name === 'Idempotency-Key')).map(([path]) => path);
    expect(keyed.sort()).toEqual([
      '/api/com/corp_import', '/api/com/user_import', '/api/com_drive/copy_btn', '/api/com_drive/file_request_create_btn',
      '/api/com_drive/file_upload_complete', '/api/com_drive/share_link_create_btn', '/api/com_drive/tax_export_btn', '/api/com_drive/zip_download_btn',
    ]);
  });
});
