import { describe, expect, it } from 'vitest';
import { itemName, requiredText } from './validation.ts';
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
  it('trims surrounding spaces, full-width too, before checking', () => {
    expect(itemName.parse('\u3000 end ')).toBe('end');
    expect(itemName.safeParse(` ${'a'.repeat(221)} `).success).toBe(true);
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
