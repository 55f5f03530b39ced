import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REVEALED, useRevealed } from './use-revealed';

function List({ count }: { count: number }) {
  const shown = useRevealed(count);
  return (
    <ul>
      {Array.from({ length: shown }, (_, index) => (
        <li key={index}>{index}</li>
      ))}
    </ul>
  );
}

/** Lets the effects and timers of one step run. */
const nextStep = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('a long list renders its first screen first', () => {
  it('shows the first items at once, adds the rest a few per task, and later items at once', async () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<List count={20} />);
    const items = () => container.querySelectorAll('li').length;
    expect(items()).toBe(FIRST_REVEALED);

    const seen = [items()];
    for (let step = 0; step < 20 && items() < 20; step++) {
      await nextStep();
      seen.push(items());
    }
    expect(items()).toBe(20);
    // More than one step, each adding some: not all at once, never fewer than before.
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    // The next page, once all were shown: at once.
    await nextStep();
    rerender(<List count={40} />);
    expect(items()).toBe(40);
  });

  it('shows a short list whole', () => {
    const { container } = render(<List count={2} />);
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });
});
