/** A size in bytes as people read it (B, KB, MB, GB, TB; one decimal below 10): screens, mails and messages alike. */
const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} B`;
  const digits = value < 10 ? 1 : 0;
  const rounded = Number(value.toFixed(digits));
  // 1023.6 KB rounds to 1024 KB: show it as 1 MB instead.
  if (rounded >= 1024 && unit < units.length - 1) return `1 ${units[unit + 1]}`;
  return `${rounded.toFixed(digits).replace(/\.0$/, '')} ${units[unit]}`;
}
