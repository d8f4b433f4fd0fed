import { describe, expect, it } from 'vitest';
import { hasContent, illFormedTextPath, itemName, MAX_BODY_DEPTH, nestsDeeperThan, requiredText, trimmedText, withoutIgnorables } from './validation.ts';
import { bookkeepingReason } from './schemas/bookkeeping-fields.ts';
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
  // Invisible characters with spaces look blank: a reason of them records nothing readable.
  it.each(['\u200B', '\u200B\u3000', ' \u00AD\u2060 ', '\uFEFF\u200D'])('refuses %j, invisible characters and spaces only, as required', (value) => {
    expect(hasContent(value)).toBe(false);
    expect(field.safeParse(value).error?.issues[0]?.message).toBe('validation.required');
    expect(trimmedText(5).safeParse(value).error?.issues[0]?.message).toBe('validation.required');
    expect(bookkeepingReason.safeParse(value).error?.issues[0]?.message).toBe('validation.required');
  });
  it('accepts a reason with something visible in it', () => {
    expect(bookkeepingReason.parse('\u3000重複登録\u200B')).toBe('重複登録\u200B');
    expect(hasContent('a\u200B')).toBe(true);
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
    ['a\u0085b', 'validation.nameInvisibleCharacters'], ['\u200B\u200D', 'validation.nameInvisibleCharacters'], ['\uFEFF', 'validation.required'],
    ['a\u200Bb', 'validation.nameInvisibleCharacters'],
    ['CON', 'validation.reservedName'], ['nul.txt', 'validation.reservedName'], ['Com1.tar.gz', 'validation.reservedName'], ['LPT9', 'validation.reservedName'],
  ])('refuses %j with %s', (name, key) => {
    const result = itemName.safeParse(name);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(key);
  });
  it.each(['CONSOLE.txt', 'nullable.md', 'COM10', '😀.png', 'ｶﾞ.txt'])('accepts %j (not reserved, visible)', (name) => {
    expect(itemName.safeParse(name).success).toBe(true);
  });
  // Default_Ignorable_Code_Point characters show nothing: "a<U+200B>b" would sit beside "ab" looking the same.
  it.each([
    '\u200B', '\u200C', '\u2060', '\u00AD', '\uFEFF', '\u034F', '\u115F', '\u1160', '\u3164', '\uFFA0', '\u180E', '\u2061', '\u{1D173}', '\u{E0041}',
  ])('refuses %j inside a name', (character) => {
    expect(itemName.safeParse(`a${character}b.txt`).error?.issues.map((issue) => issue.message)).toEqual(['validation.nameInvisibleCharacters']);
  });
  it.each([
    ['a lone ZWJ between letters', 'a\u200Db'], ['a ZWJ after an emoji only', '👨\u200D.png'], ['a ZWJ before an emoji only', 'x\u200D👩'],
    ['U+FE0F after a Latin letter', 'a\uFE0F'], ['U+FE0F after a digit that is no keycap', '1\uFE0F.txt'], ['two selectors in a row', '❤\uFE0F\uFE0F'],
    ['an ideographic variation selector after a Latin letter', 'a\u{E0100}'], ['an ideographic variation selector after an emoji', '😀\u{E0100}'],
    ['two ideographic variation selectors', '辻\u{E0100}\u{E0101}'], ['a selector at the start', '\uFE0Fabc'],
  ])('refuses %s', (_, name) => {
    expect(itemName.safeParse(name).error?.issues.map((issue) => issue.message)).toEqual(['validation.nameInvisibleCharacters']);
  });
  it.each([
    ['辻󠄀 (U+8FBB U+E0100)', '\u8FBB\u{E0100}.pdf'], ['葛󠄀 (U+845B U+E0100)', '葛\u{E0100}飾区'], ['❤️ (U+2764 U+FE0F)', '\u2764\uFE0F.txt'],
    ['👨‍👩‍👧', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} family'], ['🏳️‍🌈 (ZWJ after a selector)', '\u{1F3F3}\uFE0F\u200D\u{1F308}'],
    ['👩🏽‍💻 (ZWJ after a skin tone)', '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}'], ['1️⃣ (keycap)', '1\uFE0F\u20E3 first'], ['a standardized variant of an ideograph', '\u795E\uFE00'],
    ['☺︎ (text presentation)', '\u263A\uFE0E'],
  ])('accepts %s', (_, name) => {
    expect(itemName.safeParse(name).success).toBe(true);
  });
  it('trims surrounding spaces, full-width too, before checking', () => {
    expect(itemName.parse('\u3000 end ')).toBe('end');
    expect(itemName.safeParse(` ${'a'.repeat(221)} `).success).toBe(true);
  });
});

describe('withoutIgnorables', () => {
  it('drops the variation selectors and joiners a name may hold, so lookalikes compare equal', () => {
    expect(withoutIgnorables('\u8FBB\u{E0100}.pdf')).toBe('\u8FBB.pdf');
    expect(withoutIgnorables('\u2764\uFE0F')).toBe('\u2764');
    expect(withoutIgnorables('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}')).toBe('\u{1F468}\u{1F469}\u{1F467}');
    expect(withoutIgnorables('a\u200Bb\u00AD')).toBe('ab');
  });
  it('keeps everything visible as it is', () => {
    expect(withoutIgnorables('請求書 2026 (final) 😀.pdf')).toBe('請求書 2026 (final) 😀.pdf');
  });
});

describe('nestsDeeperThan', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  it('tells a body nested deeper than the limit, arrays and objects alike', () => {
    expect(nestsDeeperThan(nested(20_000), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64)).toBe(true);
    expect(nestsDeeperThan(`{"a":[{"b":[${nested(61)}]}]}`, 64)).toBe(true);
  });
  it('accepts the limit itself and siblings that never nest deeper', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(`[${nested(63)},${nested(63)},${nested(63)}]`, 64)).toBe(false);
    expect(nestsDeeperThan('{"name":"x","list":[1,2,{"k":[]}]}', 2)).toBe(true);
    expect(nestsDeeperThan('{"name":"x","list":[1,2,3]}', 2)).toBe(false);
  });
  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ name: '['.repeat(100), other: '"[[[[\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['"\\"', ['[']]), 1)).toBe(true);
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
  it('walks any depth without running out of stack, and names the first broken string in order', () => {
    const depth = 100_000;
    let deep: unknown = ['x\uD800'];
    for (let level = 1; level < depth; level++) deep = [deep];
    expect(illFormedTextPath(deep)).toBe(Array(depth).fill('0').join('.'));
    expect(illFormedTextPath({ a: [['ok'], { ['k\uDC00']: 'fine' }], b: 'x\uD800' })).toBe('a.1');
    expect(illFormedTextPath([{ a: 'ok' }, ['fine', '\uDFFF'], '\uD800'])).toBe('1.1');
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
