import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimIcons } from './cloudscape-icons.ts';

const components = dirname(createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'));
const iconsModule = readFileSync(join(components, 'icon/generated/icons.js'), 'utf8');

/** Evaluates the (trimmed) module with a stand-in React and answers its icon names. */
const iconNames = (code: string): string[] => {
  const body = code.replace(/^import React from 'react';$/m, '').replace(/^export default icons;$/m, 'return icons;').replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const React = { createElement: (type: string) => ({ type }) };
  return Object.keys((new Function('React', body) as (react: typeof React) => Record<string, unknown>)(React));
};

describe('trimIcons (web/build/cloudscape-icons.ts)', () => {
  it("recognises the installed Cloudscape's icon module", () => {
    const all = iconNames(iconsModule);
    expect(all.length).toBeGreaterThan(100);
    expect(trimIcons(iconsModule, () => true)?.kept).toBe(all.length);
  });

  it('keeps exactly the icons asked for, as a module that still runs', () => {
    const keep = new Set(['globe', 'settings', 'upload', 'status-negative']);
    const trimmed = trimIcons(iconsModule, (name) => keep.has(name));
    expect(trimmed?.kept).toBe(4);
    expect(iconNames(trimmed!.code).sort()).toEqual([...keep].sort());
  });

  it('refuses a module of another shape', () => {
    expect(trimIcons('export default {};', () => true)).toBeUndefined();
  });
});
