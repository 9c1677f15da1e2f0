/**
 * Small helpers for the web client's jsdom tests: what jsdom lacks (`matchMedia`), the
 * answers a stubbed `fetch` gives (the network is the only thing these tests replace), and
 * an unmount that lets Preact finish its cleanups before the test file's window goes away.
 */
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterAll, beforeAll } from 'vitest';

/**
 * Unmounts what was rendered into `container` and removes it. Preact runs the passive
 * cleanups of unmounted components (an unmounted QueryClientProvider's, for one) after
 * paint, on a 35 ms timer (preact/hooks RAF_TIMEOUT) when one was already pending: they are
 * waited out here, while jsdom's window still exists. Run after the file's last test, they
 * threw 'window is not defined' and failed the run (an unhandled error).
 */
export async function unmount(container: Element | undefined): Promise<void> {
  if (!container) return;
  act(() => render(null, container));
  container.remove();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** A JSON answer with `status`, as the shop's API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Gives jsdom a `matchMedia` where no media query matches (a phone-width screen). */
export function installMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

/**
 * Lets the rendered tree run (inside `act`, 10 ms steps) until `check` stops throwing,
 * for up to `timeoutMs`; then runs it once more so its own assertion error is the failure.
 */
export async function settle(check: () => void, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    try {
      check();
      return;
    } catch {
      // not yet
    }
  }
  check();
}

/** The first `<button>` on the page whose trimmed text matches `name`; throws when none does. */
export function button(name: RegExp): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) =>
    name.test(b.textContent?.trim() ?? ''),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/**
 * Registers, in the calling file or describe block, a beforeAll that sets the process's
 * time zone (`TZ`, what `new Date()` reads as local) to `timeZone`, the reader's, and an
 * afterAll that puts the previous one back.
 */
export function withTimeZone(timeZone: string): void {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}

/** GET /paypal/setup as the shop answers it with the offline test payment provider. */
export const TEST_PAYMENT_SETUP = {
  provider: 'test',
  clientId: null,
  clientToken: null,
  currency: 'USD',
} as const;

/**
 * A response held back until the test lets it go, for what a page shows while its request
 * runs: a stubbed fetch returns `wait()`, a promise that `answer(res)` resolves (the last
 * one handed out).
 */
export function heldResponse(): { wait(): Promise<Response>; answer(res: Response): void } {
  let release: (res: Response) => void = () => {};
  return {
    wait: () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }),
    answer: (res) => release(res),
  };
}
