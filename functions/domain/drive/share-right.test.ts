import { describe, expect, it } from 'vitest';
import { defaultCommonSettings } from '#shared/schemas/settings.ts';
import { lowestIssuingLevel, mayIssueLinks } from './share-right.ts';

const user = { admin: false };
const admin = { admin: true };

describe('who may issue share links (mayIssueLinks)', () => {
  it('by default, update (3) and administrators only', () => {
    expect(defaultCommonSettings.link_issuer_level).toBe(3);
    expect([1, 2, 3].map((level) => mayIssueLinks(level, user, defaultCommonSettings))).toEqual([false, false, true]);
    expect(mayIssueLinks(3, admin, defaultCommonSettings)).toBe(true);
  });

  it('from the level the common settings choose, on the level the user has on the entry', () => {
    const fromView = { url_issuing: 1, link_issuer_level: 1 } as const;
    const fromActive = { url_issuing: 1, link_issuer_level: 2 } as const;
    expect([1, 2, 3].map((level) => mayIssueLinks(level, user, fromView))).toEqual([true, true, true]);
    expect([1, 2, 3].map((level) => mayIssueLinks(level, user, fromActive))).toEqual([false, true, true]);
    // An entry the user does not reach: never.
    expect(mayIssueLinks(0, user, fromView)).toBe(false);
    expect(mayIssueLinks(0, admin, fromView)).toBe(false);
  });

  it('nobody while links are off, administrators included', () => {
    const off = { url_issuing: 0, link_issuer_level: 1 } as const;
    expect(lowestIssuingLevel(off)).toBeNull();
    expect(mayIssueLinks(3, user, off)).toBe(false);
    expect(mayIssueLinks(3, admin, off)).toBe(false);
    expect(lowestIssuingLevel({ url_issuing: 1, link_issuer_level: 2 } as const)).toBe(2);
  });
});
