import { useEffect, useState } from 'react';

/** Items a list renders with its first render: a phone's and a laptop's first screen of results. */
export const FIRST_REVEALED = 2;
/**
 * Items each later step adds. A step of one result takes 5–8 ms on a laptop, under the 12.5 ms that a
 * phone four times slower counts as blocking (50 ms); steps of two took 6–20 ms.
 */
const REVEAL_STEP = 1;

/**
 * How many of a list's `count` items to render now. The first render with items shows the first
 * FIRST_REVEALED of them, and each later task adds REVEAL_STEP more until all are there, so a long
 * list's first paint waits for its first screen only and the rest follows in short tasks (a slow phone
 * stays responsive meanwhile). Once all are shown, later items (the next page) are shown at once.
 */
export function useRevealed(count: number): number {
  const [revealed, setRevealed] = useState(FIRST_REVEALED);
  useEffect(() => {
    if (revealed === Infinity || count === 0) return undefined;
    // The step that reaches the end marks the list whole: its later items come at once.
    const step = () =>
      setRevealed((shown) => (shown + REVEAL_STEP >= count ? Infinity : shown + REVEAL_STEP));
    const timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [count, revealed]);
  return Math.min(revealed, count);
}
