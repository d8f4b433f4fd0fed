import { describe, expect, it } from 'vitest';
import type { LoginRights } from '@shared/schemas/auth.ts';
import { mayShareLinks } from './share-right.ts';

const rights = (drive: LoginRights['drive'], link_issuer_level: LoginRights['link_issuer_level'], admin: 0 | 1 = 0): LoginRights => ({ admin, drive, individual: 0, link_issuer_level });

describe('the share action (mayShareLinks)', () => {
  it('is offered from the issuing level of the common settings, update by default', () => {
    expect([1, 2, 3].map((drive) => mayShareLinks(rights(drive as 1 | 2 | 3, 3)))).toEqual([false, false, true]);
    expect([1, 2, 3].map((drive) => mayShareLinks(rights(drive as 1 | 2 | 3, 1)))).toEqual([true, true, true]);
    expect(mayShareLinks(rights(0, 1))).toBe(false);
  });

  it('on the level the folder settings leave on the entry', () => {
    expect(mayShareLinks(rights(3, 3), 3)).toBe(true);
    expect(mayShareLinks(rights(3, 3), 1)).toBe(false);
    expect(mayShareLinks(rights(3, 2), 2)).toBe(true);
    // Folder settings never widen the drive level.
    expect(mayShareLinks(rights(1, 3), 3)).toBe(false);
  });

  it('to administrators while links are on, and to nobody while they are off', () => {
    expect(mayShareLinks(rights(3, 3, 1))).toBe(true);
    expect(mayShareLinks(rights(3, null, 1))).toBe(false);
    expect(mayShareLinks(rights(3, null))).toBe(false);
  });
});
