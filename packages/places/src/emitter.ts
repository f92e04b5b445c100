// SPDX-License-Identifier: MPL-2.0
/**
 * The result of save() and search(): an event emitter (`on`/`once`/`off` for `data`, `error`, `end`) that can also
 * be awaited, like the SDK's promisedEmitter. Awaiting resolves with the `end` results, or rejects with the first
 * error. Events never fire synchronously inside the call that created the emitter: `run` starts in a microtask, once
 * the calling code has attached its listeners. (Not on a timer: Firefox runs timers of a background tab at most
 * once a second, which made every save() of a page in a background tab wait that long.)
 */

export interface PlacesEvents<TData extends unknown[], TResult> {
  data: TData;
  error: [reason: Error, input?: unknown];
  end: [results: TResult];
}

/** How the work behind an emitter reports: emit('data', ...), emit('error', reason, input), emit('end', results). */
export type Emit<TData extends unknown[], TResult> = <K extends keyof PlacesEvents<TData, TResult>>(event: K, ...args: PlacesEvents<TData, TResult>[K]) => void;

/** Any listener (a function of any parameters): each is called with its own event's arguments. */
type Listener = (...args: never) => void;

export class PlacesEmitter<TData extends unknown[], TResult> implements PromiseLike<TResult> {
  private readonly listeners = new Map<string, Set<Listener>>();
  private outcome: { ok: true; value: TResult } | { ok: false; error: Error } | null = null;
  private firstError: Error | null = null;
  private settle: Array<() => void> = [];

  /**
   * @param run the work; it reports through `emit` and must end with emit('end', results).
   */
  constructor(run: (emit: Emit<TData, TResult>) => Promise<void>) {
    const emit: Emit<TData, TResult> = (event, ...args) => {
      if (this.outcome) return;
      if (event === 'error' && !this.firstError) this.firstError = args[0] as Error;
      const set = this.listeners.get(event);
      // A copy, so a listener may remove itself; none when nobody listens (a search emits data thousands of times).
      for (const cb of set?.size ? [...set] : []) {
        try {
          (cb as (...a: unknown[]) => void)(...args);
        } catch (error) {
          // A listener's own bug must not stop the save; report it without breaking the flow.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      if (event === 'end') {
        this.outcome = this.firstError ? { ok: false, error: this.firstError } : { ok: true, value: args[0] as TResult };
        for (const s of this.settle) s();
        this.settle = [];
      }
    };
    queueMicrotask(() => {
      run(emit).catch((error: unknown) => {
        const err = error instanceof Error ? error : new Error(String(error));
        emit('error', err as never);
        emit('end', [] as never);
      });
    });
  }

  on<K extends keyof PlacesEvents<TData, TResult>>(event: K, cb: (...args: PlacesEvents<TData, TResult>[K]) => void): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(cb as Listener);
    return this;
  }

  once<K extends keyof PlacesEvents<TData, TResult>>(event: K, cb: (...args: PlacesEvents<TData, TResult>[K]) => void): this {
    const wrapped = (...args: PlacesEvents<TData, TResult>[K]) => {
      this.off(event, wrapped);
      cb(...args);
    };
    return this.on(event, wrapped);
  }

  off<K extends keyof PlacesEvents<TData, TResult>>(event: K, cb?: (...args: PlacesEvents<TData, TResult>[K]) => void): this {
    if (!cb) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(cb as Listener);
    return this;
  }

  /** The promise side is created only when someone awaits, so an unobserved failure is never an unhandled rejection. */
  then<A = TResult, B = never>(
    onFulfilled?: ((value: TResult) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const promise = new Promise<TResult>((resolve, reject) => {
      const done = () => {
        const o = this.outcome!;
        if (o.ok) resolve(o.value);
        else reject(o.error);
      };
      if (this.outcome) done();
      else this.settle.push(done);
    });
    return promise.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<TResult | B> {
    return this.then(undefined, onRejected);
  }
}
