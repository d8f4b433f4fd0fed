import { describe, expect, it } from 'vitest';
import { titleFromTrail } from './page-title.ts';

describe('titleFromTrail', () => {
  it('reads the breadcrumb trail from the page back to the top', () => {
    expect(titleFromTrail(['Users'])).toBe('Users');
    expect(titleFromTrail(['Users', 'Taro Yamada', 'Edit'])).toBe('Edit - Taro Yamada - Users');
    expect(titleFromTrail(['ドライブ', '請求書'])).toBe('請求書 - ドライブ');
  });

  it('has no title while a part of the trail is still loading', () => {
    expect(titleFromTrail(['Drive', '…'])).toBeUndefined();
    expect(titleFromTrail(['Drive', ''])).toBeUndefined();
    expect(titleFromTrail([])).toBeUndefined();
  });
});
