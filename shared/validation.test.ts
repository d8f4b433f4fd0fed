import { describe, expect, it } from 'vitest';
import { illFormedTextPath, itemName, requiredText } from './validation.ts';
import { catalogue, translate } from './messages.ts';
import { codes } from './codes.ts';

describe('requiredText', () => {
  const field = requiredText(5);
  it.each(['', ' ', '\u3000', ' \u3000\t\n'])('refuses %j as required', (value) => {
    const result = field.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.required');
  });
  it('refuses a value over the limit with the length message', () => {
    expect(field.safeParse('123456').error?.issues[0]).toMatchObject({ message: 'validation.tooLong', maximum: 5 });
  });
  it('accepts text with inner spaces', () => {
    expect(field.parse('a b')).toBe('a b');
  });
});

describe('itemName', () => {
  it.each(['a/b', 'a\\b', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b', 'a\u0001b', 'end.', 'end. ', '.', '..', '..\u3000'])('refuses %j', (name) => {
    expect(itemName.safeParse(name).success).toBe(false);
  });
  it.each(['請求書.pdf', 'Q1 report (final).xlsx', '.hidden', 'a'.repeat(221)])('accepts %j', (name) => {
    expect(itemName.safeParse(name).success).toBe(true);
  });
  it.each([
    ['inv\u202Efdp.exe', 'validation.nameInvisibleCharacters'], ['a\u2066b', 'validation.nameInvisibleCharacters'], ['a\u200Fb', 'validation.nameInvisibleCharacters'],
    ['a\u0085b', 'validation.nameInvisibleCharacters'], ['\u200B\u200D', 'validation.nameInvisibleCharacters'], ['\uFEFF', 'validation.nameInvisibleCharacters'],
    ['CON', 'validation.reservedName'], ['nul.txt', 'validation.reservedName'], ['Com1.tar.gz', 'validation.reservedName'], ['LPT9', 'validation.reservedName'],
  ])('refuses %j with %s', (name, key) => {
    const result = itemName.safeParse(name);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(key);
  });
  it.each(['CONSOLE.txt', 'nullable.md', 'COM10', 'a\u200Bb', '😀.png', 'ｶﾞ.txt'])('accepts %j (not reserved, visible)', (name) => {
    expect(itemName.safeParse(name).success).toBe(true);
  });
  it('trims surrounding spaces, full-width too, before checking', () => {
    expect(itemName.parse('\u3000 end ')).toBe('end');
    expect(itemName.safeParse(` ${'a'.repeat(221)} `).success).toBe(true);
  });
});

describe('illFormedTextPath', () => {
  it('names the first string or key holding an unpaired surrogate', () => {
    expect(illFormedTextPath({ a: 'ok', b: ['fine', { name: 'x\uD800y' }] })).toBe('b.1.name');
    expect(illFormedTextPath({ ['k\uDC00']: 1 })).toBe('body');
    expect(illFormedTextPath('\uDFFF')).toBe('body');
    expect(illFormedTextPath({ name: 'x\uDC00\uD800' })).toBe('name');
  });
  it('accepts well-formed text, emoji (surrogate pairs) included', () => {
    expect(illFormedTextPath({ name: '😀 請求書', list: ['𠮷野家', 1, null, true] })).toBeUndefined();
  });
});

describe('message catalogue', () => {
  it('holds a text for every code in both languages', () => {
    for (const name of Object.keys(codes)) {
      for (const language of ['en', 'ja'] as const) {
        expect(typeof (catalogue[language].code as Record<string, string>)[name], `${language}.${name}`).toBe('string');
      }
    }
  });
  it('keeps the spec texts verbatim', () => {
    expect(translate('en', 'notice.networkError')).toBe('An error occurred while communicating with the server. Please wait and try again.');
    expect(translate('en', 'code.loginAccountLocked')).toBe('User has been locked, please contact your administrator.');
    expect(translate('en', 'validation.required')).toBe('This field is required');
  });
  it('fills placeholders and answers Japanese', () => {
    expect(translate('ja', 'validation.tooLong', { max: 40 })).toBe('40文字以内で入力してください。');
  });
});
