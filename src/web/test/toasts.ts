/**
 * Reading the toasts the real toaster shows, for the web client's jsdom tests: render
 * `<Toaster />` (components/ui/sonner.tsx) beside the component under test, then wait for
 * the toasts on screen. No mock of lib/toast: the toast goes through Sonner as in the shop.
 */
import { act } from 'react-dom/test-utils';

/** A toast on screen: its title and description as the user reads them ('' when none). */
export interface ShownToast {
  title: string;
  description: string;
}

/** The toasts Sonner has on screen now, oldest first. */
export function shownToasts(): ShownToast[] {
  return [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => ({
    title: toast.querySelector('[data-title]')?.textContent?.trim() ?? '',
    description: toast.querySelector('[data-description]')?.textContent?.trim() ?? '',
  }));
}

/**
 * Waits (inside `act`, 10 ms steps, up to `timeoutMs`) until `expected` is on screen;
 * throws, naming what is shown instead, when it did not come.
 */
export async function waitForToast(expected: ShownToast, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const matches = () =>
    shownToasts().some((t) => t.title === expected.title && t.description === expected.description);
  while (!matches()) {
    if (Date.now() >= until) {
      throw new Error(
        `toast ${JSON.stringify(expected)} not shown after ${timeoutMs} ms; shown: ${JSON.stringify(shownToasts())}`,
      );
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}
