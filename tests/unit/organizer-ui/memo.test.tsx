// @vitest-environment happy-dom
/**
 * Rendering only what changed (src/organizer-ui/memo.ts): a memoized component renders again only for a changed
 * prop, and a stable callback keeps its identity while calling the newest function.
 */
import { cleanup, render } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { memo, sameProps, useStableCallback } from '../../../src/organizer-ui/memo';

afterEach(cleanup);

describe('memo', () => {
  it('sameProps: same keys with the same values, nothing else', () => {
    const f = () => 1;
    expect(sameProps({ a: 1, f }, { f, a: 1 })).toBe(true);
    expect(sameProps({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameProps({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameProps({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameProps({ a: [] }, { a: [] })).toBe(false);
  });

  it('renders again only when a prop changed; a stable callback calls the newest closure', () => {
    const renders: string[] = [];
    const Label = memo(({ text, onPick }: { text: string; onPick(): string }) => {
      renders.push(text);
      return <button onClick={() => onPick()}>{text}</button>;
    });
    let setOther!: (n: number) => void;
    let setText!: (t: string) => void;
    const picked: number[] = [];
    function Parent() {
      const [other, setO] = useState(0);
      const [text, setT] = useState('a');
      setOther = setO;
      setText = setT;
      const pick = useStableCallback(() => (picked.push(other), text));
      return (
        <div>
          <span>{other}</span>
          <Label text={text} onPick={pick} />
        </div>
      );
    }
    const { container, rerender } = render(<Parent />);
    expect(renders).toEqual(['a']);
    setOther(5);
    rerender(<Parent />);
    expect(container.querySelector('span')!.textContent).toBe('5');
    expect(renders).toEqual(['a']);
    container.querySelector('button')!.click();
    expect(picked).toEqual([5]);
    setText('b');
    rerender(<Parent />);
    expect(renders).toEqual(['a', 'b']);
    expect(container.querySelector('button')!.textContent).toBe('b');
  });
});
