import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { bundleFunction, markDeclarationsPure, messageKeysIn, pruneCatalogue, type FunctionBundle } from '#infra/aws/function-bundle.ts';
import { esbuildOptions, projectRoot } from '#infra/aws/bundling.ts';
import { codes } from '#shared/codes.ts';
import { catalogue, languages, translate, type Language } from '#shared/messages.ts';
import { endpointGroups, routes, routesOfGroup } from '#shared/routes.ts';

describe('markDeclarationsPure', () => {
  it('wraps top-level constant initializers that call something, and leaves literals, functions, classes and awaits as they are', () => {
    const untouched = [
      "export const b = [1, 'two'] as const;",
      'export const c = (value: number) => value + 1;',
      'export const D = class D {};',
      'const e = await load();',
      'let f = g();',
      'export function h() { const inner = g(); return inner; }',
    ];
    const text = ['const a = z.object({ x: z.string() });', ...untouched].join('\n');
    expect(markDeclarationsPure('m.ts', text).split('\n')).toEqual(['const a = /* @__PURE__ */ (() => (z.object({ x: z.string() })))();', ...untouched]);
  });

  it('lets the bundler drop an unused constant while a used one is evaluated as before', async () => {
    const dir = await mkdtemp(path.join(projectRoot, '.pure-test-'));
    try {
      await writeFile(path.join(dir, 'schemas.ts'), markDeclarationsPure('schemas.ts', [
        "import * as z from 'zod/mini';",
        "export const unused = z.object({ secret: z.literal('dropped-schema') });",
        "export const used = z.object({ name: z.string().check(z.maxLength(3)) });",
      ].join('\n')));
      await writeFile(path.join(dir, 'entry.ts'), "import { used } from './schemas.ts';\nexport const ok = used.safeParse({ name: 'abcd' }).success;\n");
      const { outputFiles } = await build({ ...esbuildOptions, entryPoints: [path.join(dir, 'entry.ts')], outfile: path.join(dir, 'out.mjs'), write: false, sourcemap: false, banner: {} });
      const code = outputFiles[0]!.text;
      expect(code).not.toContain('dropped-schema');
      await writeFile(path.join(dir, 'out.mjs'), code);
      const loaded = (await import(pathToFileURL(path.join(dir, 'out.mjs')).href)) as { ok: boolean };
      expect(loaded.ok).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('messageKeysIn', () => {
  it('keeps a key written in any quotes, every key of a section whose keys are built, and a result code named by its code name', () => {
    const keys = messageKeysIn([
      'a("notice.loggedOut")', "b('validation.required')", 'c(`notice.lastAdministrator`)',
      't(`accessLog.${e}`)', 'u("importResult."+r)', 'new DomainError("loginWrongData")',
    ].join(';'));
    expect(keys).toContain('notice.loggedOut');
    expect(keys).toContain('validation.required');
    expect(keys).toContain('notice.lastAdministrator');
    for (const name of Object.keys(catalogue.en.accessLog)) expect(keys).toContain(`accessLog.${name}`);
    for (const name of Object.keys(catalogue.en.importResult)) expect(keys).toContain(`importResult.${name}`);
    expect(keys).toContain('code.loginWrongData');
  });

  it('drops what the code does not name: bare identifiers, other sections, a code built from its prefix', () => {
    const keys = messageKeysIn('const x = {loginWrongData:1, loggedOut:2}; m(`code.${n}`); r("noticeX.loggedOut")');
    expect(keys.size).toBe(0);
  });

  it('prunes every language alike', () => {
    const pruned = pruneCatalogue(new Set(['code.ok', 'notice.loggedOut'] as const));
    for (const language of languages) {
      expect(pruned[language].code).toEqual({ ok: catalogue[language].code.ok });
      expect(pruned[language].notice).toEqual({ loggedOut: catalogue[language].notice.loggedOut });
      expect(pruned[language].validation).toEqual({});
    }
  });
});

/**
 * The shipped bundles run and carry the texts they send: every route of every group, called without a
 * token and with an empty body, answers the envelope its source would (-102, or -4 with one message
 * per field for the routes open without a token) in both languages, with the full catalogue's texts.
 */
describe('each group bundle, built as shipped', () => {
  type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  let dir: string;
  const bundles = new Map<string, { bundle: FunctionBundle; handler: Handler }>();

  const logLevel = process.env.LOG_LEVEL;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    dir = await mkdtemp(path.join(tmpdir(), 'com-drive-bundle-test-'));
    for (const group of endpointGroups) {
      const outfile = path.join(dir, group, 'index.mjs');
      const bundle = await bundleFunction(group, outfile);
      const { handler } = (await import(pathToFileURL(outfile).href)) as { handler: Handler };
      bundles.set(group, { bundle, handler });
    }
  }, 300_000);
  afterAll(async () => {
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
    await rm(dir, { recursive: true, force: true });
  });

  const call = (group: string, route: string, language: Language) => {
    const rawPath = `/api/${route}`;
    const event = {
      version: '2.0', routeKey: `POST ${rawPath}`, rawPath, rawQueryString: '',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      requestContext: {
        accountId: '000000000000', apiId: 'test', domainName: 'localhost', domainPrefix: 'localhost', requestId: 'bundle-test',
        routeKey: `POST ${rawPath}`, stage: '$default', time: '', timeEpoch: 0,
        http: { method: 'POST', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      },
      body: '{}', isBase64Encoded: false,
    } as APIGatewayProxyEventV2;
    return bundles.get(group)!.handler(event, { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 25_000 } as Context);
  };

  /** A catalogue text with its `{{name}}` placeholders filled in any way. */
  const filledFrom = (template: string, text: string) =>
    new RegExp(`^${template.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`).test(text);
  const texts = (language: Language) => Object.values(catalogue[language]).flatMap((section) => Object.values(section as Record<string, string>));

  it.each(endpointGroups)('%s', async (group) => {
    let fieldTexts = 0;
    // The ACS answers the IdP's form post with a redirect whose reason the SPA translates.
    for (const route of routesOfGroup(group).filter((path) => routes[path].body !== 'form')) {
      for (const language of languages) {
        const result = await call(group, route, language);
        const envelope = JSON.parse(result.body!) as { code: number; message: string; info: { fields?: Record<string, string> } };
        const codeName = (Object.keys(codes) as (keyof typeof codes)[]).find((name) => codes[name].code === envelope.code)!;
        expect({ route, language, message: envelope.message }).toEqual({ route, language, message: translate(language, `code.${codeName}`) });
        if (routes[route].access !== 'public') expect({ route, code: envelope.code }).toEqual({ route, code: codes.tokenTimeout.code });
        // A field's text may carry parameters; a bare key or a text of no catalogue entry would show the bundle lacks it.
        for (const text of Object.values(envelope.info.fields ?? {})) {
          fieldTexts++;
          expect(text, `${route} ${language}`).not.toMatch(/^[a-z]+[A-Za-z]*\.[a-zA-Z]+$/);
          expect(texts(language).some((template) => filledFrom(template, text)), `${route} ${language}: ${text}`).toBe(true);
        }
      }
    }
    // The sign-in routes are open: their empty bodies are refused field by field.
    if (group === 'auth') expect(fieldTexts).toBeGreaterThan(0);
    expect(bundles.get(group)!.bundle.messageKeys.size).toBeLessThan(texts('en').length);
  });
});
