/**
 * A promise the test settles by hand (Promise.withResolvers, which Node 20 lacks): a fake call that waits for it is
 * "still running" for exactly as long as the test wants, without a sleep.
 */
export interface Gate<T = void> {
  promise: Promise<T>;
  open(value: T): void;
  fail(error: unknown): void;
}

export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}
