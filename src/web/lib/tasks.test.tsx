// @vitest-environment jsdom
/**
 * The start-up's task splitting (issue 10, total blocking time): warm-up steps run one per
 * macrotask, lists grow in steps, below-the-fold parts arrive after the first render.
 */
import { createRoot } from 'react-dom/client';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unmount } from '@/test/dom';
import { AfterFirstRender } from './after-first-render';
import { imagePainted, inSeparateTasks } from './tasks';
import { useProgressiveCount } from './use-progressive-count';

let container: HTMLDivElement;
afterEach(async () => {
  vi.useRealTimers();
  await unmount(container);
});

function mount(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  act(() => createRoot(container).render(node));
}

describe('inSeparateTasks', () => {
  it('runs each step in its own macrotask, in order, and goes on after a step that throws', async () => {
    const log: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const done = inSeparateTasks([
      () => log.push('a'),
      () => {
        throw new Error('broken step');
      },
      () => log.push('c'),
    ]);
    await Promise.resolve();
    expect(log).toEqual([]); // nothing runs in the caller's task
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['a']); // one step per task
    await done;
    expect(log).toEqual(['a', 'c']);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });
});

function List({ total, first, step }: { total: number; first?: number; step?: number }) {
  const count = useProgressiveCount(total, first, step);
  return <p>{count}</p>;
}

describe('useProgressiveCount', () => {
  it('renders `first` items, then `step` more per task until all are in', async () => {
    vi.useFakeTimers();
    mount(<List total={10} first={4} step={4} />);
    expect(container.textContent).toBe('4');
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(container.textContent).toBe('8');
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(container.textContent).toBe('10');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never reports more than the list holds, and can start from none', async () => {
    vi.useFakeTimers();
    mount(<List total={3} first={0} step={4} />);
    expect(container.textContent).toBe('0');
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(container.textContent).toBe('3');
  });
});

describe('AfterFirstRender', () => {
  it('shows the fallback in the first render and the children from the next task on', async () => {
    vi.useFakeTimers();
    mount(
      <AfterFirstRender fallback={<span>placeholder</span>}>
        <span>carousel</span>
      </AfterFirstRender>,
    );
    expect(container.textContent).toBe('placeholder');
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(container.textContent).toBe('carousel');
  });
});

describe('imagePainted', () => {
  it('resolves at once without an image', async () => {
    let done = false;
    void imagePainted(null, 10_000).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('waits for the decode and a frame, and no longer than the cap', async () => {
    let decoded!: () => void;
    const image = { decode: () => new Promise<void>((r) => (decoded = r)) };
    let done = false;
    void imagePainted(image, 10_000).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBe(false); // still decoding
    decoded();
    // A frame (jsdom: ~16 ms) and a task later; polled, as a loaded machine may pause.
    await vi.waitFor(() => expect(done).toBe(true), { timeout: 5000, interval: 10 });

    // A decode that never ends (or a tab without frames): the cap lets the app start.
    const stuck = { decode: () => new Promise<void>(() => {}) };
    const started = Date.now();
    await imagePainted(stuck, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('goes on when the image fails to decode', async () => {
    await expect(
      imagePainted({ decode: () => Promise.reject(new Error('broken')) }, 10_000),
    ).resolves.toBeUndefined();
  });
});
