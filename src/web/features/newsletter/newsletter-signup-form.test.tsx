// @vitest-environment jsdom
/**
 * The newsletter form (storefront spec sections 7 and 8): an address the shared schema
 * refuses is not sent and the field says why; a valid one is sent trimmed and welcomed.
 * Its button keeps the focus while sending and once the field empties (aria-disabled,
 * never disabled: a screen-reader audit).
 */
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { NewsletterSignupForm } from './newsletter-signup-form';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function mount() {
  container = document.createElement('div');
  document.body.append(container);
  renderRoutes(
    container,
    createMemoryRouter([{ path: '/', element: <NewsletterSignupForm source="blog" /> }]),
  );
  return container.querySelector<HTMLInputElement>('input[type="email"]')!;
}

const type = (field: HTMLInputElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};
const submit = () => act(() => container.querySelector('form')!.requestSubmit());

describe('NewsletterSignupForm', () => {
  it('names a mistyped address on its field and sends nothing', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { message: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    const field = mount();
    await act(() => type(field, 'not-an-email'));
    await submit();
    await settle(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Invalid email address'),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(
      container.querySelector('[role="alert"]')!.id,
    );
    expect(document.activeElement).toBe(field);
    expect(fetch).not.toHaveBeenCalled();
    // Typing again clears the message.
    await act(() => type(field, 'pat@example.com'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(field.hasAttribute('aria-invalid')).toBe(false);
  });

  it('sends a valid address trimmed and welcomes the subscriber', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(200, { message: 'ok' }),
    );
    vi.stubGlobal('fetch', fetch);
    const field = mount();
    await act(() => type(field, '  Pat@Example.com '));
    await submit();
    await waitForToast({
      title: 'Welcome to the Golf Pins family!',
      description: 'Check your email for your 15% discount code...',
    });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'Pat@Example.com',
      source: 'blog',
    });
  });

  it('keeps the focus on its button while sending and once the field empties', async () => {
    const held = heldResponse();
    const fetch = vi.fn(held.wait);
    vi.stubGlobal('fetch', fetch);
    const field = mount();
    const button = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    // Empty: not available, but focusable (a disabled button would drop the focus).
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.disabled).toBe(false);
    await act(() => type(field, 'pat@example.com'));
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await act(() => {
      button.focus();
      button.click();
    });
    await settle(() => expect(button.textContent).toBe('Subscribing...'));
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    await act(() => button.click());
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(() => held.answer(jsonResponse(200, { message: 'ok' })));
    await waitForToast({
      title: 'Welcome to the Golf Pins family!',
      description: 'Check your email for your 15% discount code...',
    });
    // The field emptied: the button is unavailable again and still has the focus.
    await settle(() => expect(button.textContent).toBe('Get My 15% Discount'));
    expect(field.value).toBe('');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    // An empty field sends nothing.
    await act(() => button.click());
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
