export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** true with probability p. */
  chance(p: number): boolean;
  /** k distinct items of list, in list order. */
  sample<T>(list: readonly T[], k: number): T[];
}
export declare function createRng(seed: number): Rng;
