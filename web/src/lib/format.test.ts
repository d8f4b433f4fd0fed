import { describe, expect, it } from 'vitest';
import { formatBytes, formatCalendarDate, formatDate, formatDateTime, formatYen, percent } from './format.ts';

// Built from local parts so the expectations hold in any time zone.
const date = new Date(2024, 0, 5, 9, 7, 3);

describe('formatDateTime', () => {
  it('writes Japanese dates as YYYY/MM/DD HH:mm', () => {
    expect(formatDateTime(date, 'ja')).toBe('2024/01/05 09:07');
  });

  it('writes English dates as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime(date, 'en')).toBe('05/01/2024 09:07');
  });

  it('adds seconds on request and accepts ISO strings', () => {
    expect(formatDateTime(date.toISOString(), 'ja', { seconds: true })).toBe('2024/01/05 09:07:03');
    expect(formatDate(date.toISOString(), 'en')).toBe('05/01/2024');
  });

  it('answers an empty string for missing or invalid values', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('not a date', 'ja')).toBe('');
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB with one decimal below ten', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatBytes(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
    expect(formatBytes(50 * 1024 ** 2)).toBe('50 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('rounds up into the next unit instead of showing 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('answers an empty string for unknown sizes', () => {
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });
});

describe('percent', () => {
  it('clamps and floors', () => {
    expect(percent(0, 10)).toBe(0);
    expect(percent(5, 10)).toBe(50);
    expect(percent(999, 1000)).toBe(99);
    expect(percent(20, 10)).toBe(100);
    expect(percent(5, undefined)).toBe(0);
  });
});

describe('formatCalendarDate and formatYen', () => {
  it('shows a transaction date in the language order without moving it across time zones, and yen with separators', () => {
    expect(formatCalendarDate('2026-03-31', 'ja')).toBe('2026/03/31');
    expect(formatCalendarDate('2026-03-31', 'en')).toBe('31/03/2026');
    expect(formatYen(108000, 'ja')).toBe('¥108,000');
    expect(formatYen(0, 'en')).toBe('¥0');
  });
});
