import { describe, expect, it } from 'vitest';
import { passwordStrength, strengthUserInputs } from './password-strength.ts';

describe('passwordStrength', () => {
  it('scores with the common and Japanese dictionaries, and warns in the language asked', async () => {
    expect(await passwordStrength('password1', [], 'en')).toEqual({ score: 0, warning: 'This is a commonly used password.' });
    expect(await passwordStrength('password1', [], 'ja')).toEqual({ score: 0, warning: 'よく使われるパスワードです' });
    // Japanese names are in the dictionaries: a surname and digits is weak.
    expect((await passwordStrength('yamada123')).score).toBeLessThan(3);
    expect((await passwordStrength('correct horse battery')).score).toBe(4);
  });

  it('counts the user inputs as known words', async () => {
    const inputs = strengthUserInputs(['Taro.Y', 'Taro Yamada', 'taro.yamada@example.com', 'acme01', undefined, ' ']);
    expect(inputs).toEqual(expect.arrayContaining(['taro.y', 'taro yamada', 'taroyamada', 'yamada', 'taro.yamada@example.com', 'example', 'acme01']));
    expect((await passwordStrength('taroyamada1')).score).toBe(3);
    expect(await passwordStrength('taroyamada1', inputs, 'en')).toMatchObject({ score: 1 });
  });
});
