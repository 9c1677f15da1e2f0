// @vitest-environment jsdom
/**
 * The server writes /blog's filter buttons and /blog/{slug}'s Share button and links with
 * copies of the Button's classes (src/server/pages/content.ts SMALL_BUTTON, BUTTON), so the app's mount keeps the server's
 * elements unchanged (issue 10). This fails when the Button's classes change and the copy
 * does not.
 *
 * Button's `pending` (its request is in flight) and `unavailable` (button.tsx;
 * docs/decisions.md "One way to show an unavailable button"): the action cannot happen now, yet the button keeps focus and its place in the
 * tab order (aria-disabled, not disabled), greyed with the not-allowed cursor, and ignores
 * clicks, including the one that submits its form; `pending` wins when both are set.
 */
import { createRoot } from 'react-dom/client';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cn } from '@/lib/utils';
import { unmount } from '@/test/dom';
import { BUTTON, SMALL_BUTTON } from '../../../server/pages/content';
import { Button, buttonVariants } from './button';

describe("the server's copies of the Button", () => {
  for (const variant of ['default', 'outline'] as const) {
    it(`matches the ${variant} variant's classes at the small size`, () => {
      expect(SMALL_BUTTON[variant]).toBe(cn(buttonVariants({ variant, size: 'sm' })));
    });
    it(`matches the ${variant} variant's classes at the default size`, () => {
      expect(BUTTON[variant]).toBe(cn(buttonVariants({ variant })));
    });
  }
});

let container: HTMLDivElement | undefined;
afterEach(async () => {
  if (container) await unmount(container);
  container = undefined;
});

/** Renders `node` (a form holding one Button) and returns the button. */
function mount(node: React.ReactNode): HTMLButtonElement {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return container.querySelector('button')!;
}

/** A submit Button in a form, with spies on its onClick and on the form's submission. */
function inForm(props: { unavailable?: boolean; pending?: boolean }) {
  const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
  const click = vi.fn();
  const button = mount(
    <form onSubmit={(event) => submit(event.nativeEvent as SubmitEvent)}>
      <Button type="submit" onClick={click} {...props}>
        Save
      </Button>
    </form>,
  );
  return { button, click, submit };
}

describe('Button pending', () => {
  it('keeps focus, stays enabled for the keyboard and ignores clicks and submission', () => {
    const { button, click, submit } = inForm({ pending: true });
    button.focus();
    act(() => button.click());
    expect(click).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    expect(button.classList).toContain('cursor-progress!');
  });
});

describe('Button unavailable', () => {
  it('acts as usual when available', () => {
    const { button, click, submit } = inForm({ unavailable: false });
    act(() => button.click());
    expect(click).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.className).not.toContain('cursor-not-allowed');
  });

  it('keeps focus and the tab order, looks not allowed and ignores clicks and submission', () => {
    const { button, click, submit } = inForm({ unavailable: true });
    button.focus();
    act(() => button.click());
    expect(click).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
    expect(button.tabIndex).toBe(0);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    expect(button.classList).toContain('cursor-not-allowed');
    expect(button.classList).toContain('opacity-50');
  });

  it('gives way to pending: the progress cursor, still ignoring clicks', () => {
    const { button, click, submit } = inForm({ unavailable: true, pending: true });
    act(() => button.click());
    expect(click).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.classList).toContain('cursor-progress!');
    expect(button.classList).not.toContain('cursor-not-allowed');
  });
});
