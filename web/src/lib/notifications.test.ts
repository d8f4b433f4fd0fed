import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications, clearPageNotifications, currentNotifications, NAVIGATION_GRACE_MS, notify } from './notifications.ts';

const shown = () => currentNotifications().map((item) => item.id);

describe('flash messages and the page they belong to', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearNotifications();
  });
  afterEach(() => {
    clearNotifications();
    vi.useRealTimers();
  });

  it('leave with the page they appeared on; work in progress and its outcome follow the user', () => {
    notify({ id: 'saved', type: 'success', header: 'Saved' });
    notify({ id: 'failed', type: 'error', header: 'Refused' });
    notify({ id: 'zip', type: 'in-progress', loading: true, header: 'Preparing the ZIP' });
    notify({ id: 'kept', type: 'info', header: 'Stays' }, undefined, { follows: true });
    vi.advanceTimersByTime(NAVIGATION_GRACE_MS + 1);
    notify({ id: 'zip', type: 'success', header: 'The ZIP is ready' }, 60_000);
    clearPageNotifications();
    expect(shown()).toEqual(['kept', 'zip']);
  });

  it('keep a message that came with the navigation (a save that goes back to its list)', () => {
    notify({ id: 'old', type: 'error', header: 'On the old page' });
    vi.advanceTimersByTime(NAVIGATION_GRACE_MS + 1);
    notify({ id: 'group-saved', type: 'success', header: 'Group saved' });
    clearPageNotifications();
    expect(shown()).toEqual(['group-saved']);
  });
});
