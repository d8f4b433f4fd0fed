import { describe, expect, it } from 'vitest';
import { safeNextPath } from './navigation.ts';

const origin = 'https://drive.example.jp';

describe('safeNextPath', () => {
  it.each(['/storage', '/storage?folder=root', '/legal/add#top'])('keeps the same-origin path %s', (next) => {
    expect(safeNextPath(next, origin)).toBe(next);
  });
  it.each([
    '//evil.example', '/\\evil.example', '/\t/evil.example', '/%09/evil.example'.replace('%09', '\t'), 'https://evil.example/x',
    'javascript:alert(1)', '/login', '/login?next=/storage', '', null, undefined, '/ /evil.example',
  ])('refuses %j', (next) => {
    expect(safeNextPath(next, origin)).toBeUndefined();
  });
});
