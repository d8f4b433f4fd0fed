/**
 * Display formats of SPEC.md §9: dates ja `YYYY/MM/DD HH:mm`, en `DD/MM/YYYY HH:mm` (local time),
 * sizes in B, KB, MB and GB (1 KB = 1024 B).
 */
export type DisplayLanguage = 'en' | 'ja';

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

export function formatDateTime(
  value: string | number | Date | null | undefined,
  language: DisplayLanguage,
  options: { seconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = pad(date.getFullYear(), 4);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${options.seconds ? `:${pad(date.getSeconds())}` : ''}`;
  const datePart = language === 'ja' ? `${year}/${month}/${day}` : `${day}/${month}/${year}`;
  return `${datePart} ${time}`;
}

export function formatDate(value: string | number | Date | null | undefined, language: DisplayLanguage): string {
  return formatDateTime(value, language).split(' ')[0] ?? '';
}

/** A calendar date (`YYYY-MM-DD`, no time zone: a transaction date) in the language's order. */
export function formatCalendarDate(value: string, language: DisplayLanguage): string {
  const [year, month, day] = value.split('-');
  return language === 'ja' ? `${year}/${month}/${day}` : `${day}/${month}/${year}`;
}

/** Whole yen with the language's separators. */
export const formatYen = (amount: number, language: DisplayLanguage): string => `¥${amount.toLocaleString(language === 'ja' ? 'ja-JP' : 'en-US')}`;

/** Sizes as every screen, mail and message shows them (shared with the functions). */
export { formatBytes } from '@shared/format-bytes.ts';

/** Whole percent of `loaded` out of `total`, 0..100; 0 when the total is unknown. */
export function percent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}
