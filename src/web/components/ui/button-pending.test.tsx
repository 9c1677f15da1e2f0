// @vitest-environment jsdom
/**
 * Button's `pending` (components/ui/button.tsx): while its request is in flight the button
 * keeps focus and its place in the tab order (aria-disabled, not disabled) and ignores
 * clicks, including the one that submits its form.
 */
import { createRoot } from 'react-dom/client';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unmount } from '@/test/dom';
import { Button } from './button';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
});

function mount(node: React.ReactNode): HTMLButtonElement {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return container.querySelector('button')!;
}

describe('Button pending', () => {
  it('submits its form and calls onClick when not pending', () => {
    const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const click = vi.fn();
    const button = mount(
      <form onSubmit={(event) => submit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" onClick={click}>
          Save
        </Button>
      </form>,
    );
    act(() => button.click());
    expect(click).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps focus, stays enabled for the keyboard and ignores clicks and submission while pending', () => {
    const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const click = vi.fn();
    const button = mount(
      <form onSubmit={(event) => submit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" pending onClick={click}>
          Saving...
        </Button>
      </form>,
    );
    button.focus();
    act(() => button.click());
    expect(click).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
  });
});
