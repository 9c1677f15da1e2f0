/**
 * How many of a list's `total` items to render now: `first` in the first render, then
 * `step` more in each following task until all are in. A long list (the catalogue grid,
 * related products) is built in short tasks instead of one long one, so the page answers
 * input sooner (issue 10, total blocking time); the items after `first` are below the
 * fold on a phone. Returns a number in 0..total.
 */
import { useEffect, useState } from 'react';

export function useProgressiveCount(total: number, first = 4, step = 4): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((c) => c + step), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
