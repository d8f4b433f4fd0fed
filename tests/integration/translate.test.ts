import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { localeFileName } from '#functions/auth/translate.ts';
import { authLocaleFiles } from '#infra/aws/bundling.ts';
import { codes } from '#shared/codes.ts';
import { isLanguage, languages, translate, type Language } from '#shared/messages.ts';
import { call, post } from './support/api.ts';
import { newTenant } from './support/tenants.ts';

type LocaleFile = { translation: { login: { submit: string; title: string } }; cloudscape: Record<string, unknown> };

/**
 * com/translate (docs/home.md): open without a token, it answers a language's whole locale file, the
 * one the SPA's build emits as a static asset (web/build/locales.ts makes both), here as the local
 * stack runs the function from its sources (tests/infra/auth-locales-bundle.test.ts: as bundled).
 */
describe('com/translate', () => {
  /** Each language's file as the builds write it: the SPA's static asset and the one beside the auth bundle. */
  const files = {} as Record<Language, string>;
  beforeAll(async () => {
    const built = await authLocaleFiles();
    for (const language of languages) files[language] = built[localeFileName(language)]!;
  }, 60_000);

  it.each([
    ['en', 'Sign in', 'Sign in'],
    ['ja', 'ログイン', 'ログイン'],
  ] as const)('answers the %s strings without a token, exactly the static file', async (language, submit, title) => {
    const result = await call('com/translate', { language });
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(codes.ok.code);
    const data = result.body.data as LocaleFile;
    expect(data.translation.login.submit).toBe(submit);
    expect(data.translation.login.title).toBe(title);
    expect(data).toEqual(JSON.parse(files[language]));
    // Cloudscape's own messages for that language, as the package ships them.
    const cloudscape = createRequire(import.meta.url).resolve(`@cloudscape-design/components/i18n/messages/all.${language}.json`);
    expect(data.cloudscape).toEqual(JSON.parse(readFileSync(cloudscape, 'utf8')));
    expect(result.token).toBeUndefined();
  });

  it('answers the same to a signed-in caller, whose token it neither needs nor refreshes', async () => {
    const t = await newTenant();
    const result = await call('com/translate', { language: 'ja' }, t.token);
    expect(result.body.code).toBe(codes.ok.code);
    expect(result.body.data).toEqual(JSON.parse(files.ja));
    expect(result.token).toBeUndefined();
  });

  it.each([
    ['an unknown language', { language: 'fr' }],
    ['no language', {}],
    ['a language in capitals', { language: 'EN' }],
    ['another field', { language: 'en', namespace: 'translation' }],
  ])('refuses %s with -4 and a message for the field', async (_, body: Record<string, unknown>) => {
    for (const language of languages) {
      const result = await post('com/translate', body, undefined, { 'accept-language': language });
      expect(result.status).toBe(400);
      expect(result.body.code).toBe(codes.input.code);
      // A valid language in the body is the caller's language, as on every call that takes one.
      expect(result.body.message).toBe(translate(isLanguage(body.language) ? body.language : language, 'code.input'));
      expect(Object.keys(result.body.info?.fields ?? {}).length).toBeGreaterThan(0);
      expect(result.body.data ?? null).toBeNull();
    }
  });
});
