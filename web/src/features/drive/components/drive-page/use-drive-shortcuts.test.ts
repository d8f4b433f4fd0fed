import { describe, expect, it } from 'vitest';
import { shortcutOf, type KeyLike } from './use-drive-shortcuts.ts';

/** A target as the DOM gives it: `closest` answers for the selectors the element matches. */
const target = (typing: boolean) => ({ closest: (selector: string) => (typing && selector.includes('input') ? {} : null), isContentEditable: false });
const key = (value: string, over: Partial<KeyLike> = {}): KeyLike => ({ key: value, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: target(false) as unknown as EventTarget, ...over });

describe('the drive shortcut guard', () => {
  it('maps the keys of the help dialog', () => {
    expect(shortcutOf(key('?', { shiftKey: true }), false)).toBe('help');
    expect(shortcutOf(key('/'), false)).toBe('search');
    expect(shortcutOf(key('F2'), false)).toBe('rename');
    expect(shortcutOf(key('Delete'), false)).toBe('trash');
    expect(shortcutOf(key('Enter'), false)).toBe('open');
    expect(shortcutOf(key('Escape'), false)).toBe('clear');
    expect(shortcutOf(key('a', { ctrlKey: true }), false)).toBe('selectAll');
    expect(shortcutOf(key('a', { metaKey: true }), false)).toBe('selectAll');
    expect(shortcutOf(key('F10', { shiftKey: true }), false)).toBe('menu');
    expect(shortcutOf(key('ContextMenu'), false)).toBe('menu');
  });

  it('never acts while typing in a field', () => {
    for (const value of ['/', 'F2', 'Delete', 'Enter', 'Escape', '?']) {
      expect(shortcutOf(key(value, { target: target(true) as unknown as EventTarget }), false)).toBeUndefined();
    }
    expect(shortcutOf(key('a', { ctrlKey: true, target: target(true) as unknown as EventTarget }), false)).toBeUndefined();
    expect(shortcutOf(key('Delete', { target: { isContentEditable: true } as unknown as EventTarget }), false)).toBeUndefined();
  });

  it('never acts while a dialog is open, with Alt, or on a key already handled', () => {
    expect(shortcutOf(key('Delete'), true)).toBeUndefined();
    expect(shortcutOf(key('a', { ctrlKey: true }), true)).toBeUndefined();
    expect(shortcutOf(key('F2', { altKey: true }), false)).toBeUndefined();
    expect(shortcutOf(key('Delete', { defaultPrevented: true }), false)).toBeUndefined();
    expect(shortcutOf(key('Delete', { shiftKey: true }), false)).toBeUndefined();
    expect(shortcutOf(key('c', { ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutOf(key('x'), false)).toBeUndefined();
  });
});
