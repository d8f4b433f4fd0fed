import { realpathSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeFileName } from '#functions/auth/translate.ts';
import { authLocaleFiles } from '#infra/aws/bundling.ts';
import { bundleFunctionInto } from '#infra/aws/function-bundle.ts';
import { codes } from '#shared/codes.ts';
import { languages, type Language } from '#shared/messages.ts';

/**
 * The auth bundle, built as shipped (bundleFunctionInto, as CDK and `npm run build:functions` build
 * it) into a folder outside the repository, answers com/translate from the locale files beside it:
 * the files the SPA's build emits, byte for byte, none of them inside the JavaScript a cold start
 * parses, and no way back to the sources (which the unbundled function uses) from there.
 */
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

describe('the auth bundle serves com/translate from the files beside it', () => {
  let dir: string;
  let handler: Handler;
  /** The SPA build's locale files (web/build/locales.ts makes them for both builds). */
  const sources = {} as Record<Language, string>;

  const logLevel = process.env.LOG_LEVEL;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    dir = realpathSync(await mkdtemp(path.join(tmpdir(), 'com-drive-auth-locales-')));
    await bundleFunctionInto('auth', dir);
    ({ handler } = (await import(pathToFileURL(path.join(dir, 'index.mjs')).href)) as { handler: Handler });
    const built = await authLocaleFiles();
    for (const language of languages) sources[language] = built[localeFileName(language)]!;
  }, 180_000);
  afterAll(async () => {
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
    await rm(dir, { recursive: true, force: true });
  });

  const translate = async (body: unknown) => {
    const rawPath = '/api/com/translate';
    const result = await handler({
      version: '2.0', routeKey: `POST ${rawPath}`, rawPath, rawQueryString: '',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      requestContext: {
        accountId: '000000000000', apiId: 'test', domainName: 'localhost', domainPrefix: 'localhost', requestId: 'auth-locales',
        routeKey: `POST ${rawPath}`, stage: '$default', time: '', timeEpoch: 0,
        http: { method: 'POST', path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      },
      body: JSON.stringify(body), isBase64Encoded: false,
    } as APIGatewayProxyEventV2, { awsRequestId: 'auth-locales', getRemainingTimeInMillis: () => 25_000 } as Context);
    return { status: result.statusCode, envelope: JSON.parse(result.body!) as { code: number; data: unknown } };
  };

  it('writes locales/<language>.json, the build\'s own files', async () => {
    expect((await readdir(path.join(dir, 'locales'))).sort()).toEqual(languages.map((language) => `${language}.json`));
    for (const language of languages) expect(await readFile(path.join(dir, localeFileName(language)), 'utf8')).toBe(sources[language]);
  });

  it.each(languages)('answers the %s file as its data', async (language) => {
    const { status, envelope } = await translate({ language });
    expect(status).toBe(200);
    expect(envelope.code).toBe(codes.ok.code);
    expect(envelope.data).toEqual(JSON.parse(sources[language]));
  });

  it('refuses another language with -4', async () => {
    const { status, envelope } = await translate({ language: 'fr' });
    expect({ status, code: envelope.code }).toEqual({ status: 400, code: codes.input.code });
  });

  it('keeps the strings out of the JavaScript a cold start loads', async () => {
    const scripts = (await readdir(dir)).filter((file) => file.endsWith('.mjs'));
    const { translation } = JSON.parse(sources.ja) as { translation: { login: { description: string } } };
    for (const script of scripts) {
      const code = await readFile(path.join(dir, script), 'utf8');
      expect(code, script).not.toContain(translation.login.description);
      expect(code, script).not.toContain('resolveConfig');
    }
  });
});
