/**
 * Rendering only what changed: a component wrapped by `memo` renders again only when one of its props is not the
 * same (===) as before, and `useStableCallback` gives a handler that keeps its identity across renders while always
 * calling the newest function (a new closure every render would make every memoized child render again).
 */
import { Component, h, type ComponentChildren, type FunctionComponent } from 'preact';
import { useMemo, useRef } from 'preact/hooks';

/** True when both have the same keys with the same (===) values. */
export function sameProps(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key] || !(key in b)) return false;
  return true;
}

/** `render` as a component that skips rendering when its props are the same as last time. */
export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props as Record<string, unknown>, next as Record<string, unknown>);
    }

    override render(): ComponentChildren {
      return h(render, this.props);
    }
  }
  (Memo as unknown as { displayName: string }).displayName = `memo(${render.displayName ?? render.name})`;
  return Memo as unknown as FunctionComponent<P>;
}

/** A function of fixed identity that calls the `fn` of the latest render. */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useMemo(
    () =>
      (...args: A) =>
        latest.current(...args),
    [],
  );
}
