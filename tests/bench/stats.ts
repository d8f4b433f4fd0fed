/** The nearest-rank percentile of `values` (p in 0..100). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const median = (values: number[]) => percentile(values, 50);
export const round = (value: number, digits = 1) => Number(value.toFixed(digits));
