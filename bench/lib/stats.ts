/** Small statistics for benchmark samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const pos = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[pos];
}

export const median = (samples: readonly number[]) => quantile(samples, 0.5);
export const p95 = (samples: readonly number[]) => quantile(samples, 0.95);

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
