// @vitest-environment jsdom
/**
 * The password reset forms (docs/decisions.md "Security hardening"): 'Forgot password?'
 * sends the address and gives way to the server's neutral answer, its heading focused;
 * the reset page reads the token from the link's fragment, checks the confirmation,
 * sends the token with the new password and offers to sign in; a refused link says so
 * and leads to a new one; a common password lands on its field.
 */
import { PASSWORD_RESET_MESSAGES } from '@shared/schemas/auth';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { fieldsOf } from '@/test/fields';
import { waitForToast } from '@/test/toasts';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm, resetToken } from './reset-password-form';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function ResetPage() {
  return <ResetPasswordForm token={resetToken(window.location)} />;
}

function mount(url: string) {
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/forgot-password', element: <ForgotPasswordForm /> },
      {
        path: '/reset-password',
        element: <ResetPasswordForm token={resetToken({ hash: '#token=T0K3N', search: '' })} />,
      },
      { path: '/reset-password-bare', element: <ResetPage /> },
    ],
    { initialEntries: [url] },
  );
  renderRoutes(container, router);
  return router;
}

const { input, type } = fieldsOf(() => container);
const submit = () => act(() => container.querySelector('form')!.requestSubmit());
const links = () =>
  [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('password reset forms', () => {
  it("the sign-in form links to 'Forgot password?'", () => {
    mount('/login');
    expect(links()).toContainEqual(['Forgot password?', '/forgot-password']);
  });

  it('reads the token from the fragment, then from the query', () => {
    expect(resetToken({ hash: '#token=abc_-1', search: '' })).toBe('abc_-1');
    expect(resetToken({ hash: '', search: '?token=xyz' })).toBe('xyz');
    expect(resetToken({ hash: '#token=abc', search: '?token=xyz' })).toBe('abc');
    expect(resetToken({ hash: '', search: '' })).toBeNull();
  });

  it("'Forgot password?' sends the address and shows the server's answer in the form's place", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.requested }),
    );
    vi.stubGlobal('fetch', fetch);
    mount('/forgot-password');
    await submit();
    await settle(() => expect(input('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(fetch).not.toHaveBeenCalled();
    type('Email', ' Pat@Example.com ');
    await submit();
    await settle(() => expect(container.querySelector('h2')?.textContent).toBe('Check Your Email'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/forgot-password');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'pat@example.com',
    });
    expect(container.textContent).toContain(PASSWORD_RESET_MESSAGES.requested);
    expect(container.querySelector('form')).toBeNull();
    await settle(() => expect(document.activeElement).toBe(container.querySelector('h2')));
    expect(links()).toContainEqual(['Back to Sign In', '/login']);
  });

  it("'Forgot password?' refused: 'Request Failed' with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, { message: 'Too many requests. Please wait a moment and try again.' }),
      ),
    );
    mount('/forgot-password');
    type('Email', 'pat@example.com');
    await submit();
    await waitForToast({
      title: 'Request Failed',
      description: 'Too many requests. Please wait a moment and try again.',
    });
    expect(container.querySelector('form')).not.toBeNull();
  });

  it('the reset page checks the confirmation, sends the token and offers to sign in', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.done }),
    );
    vi.stubGlobal('fetch', fetch);
    mount('/reset-password');
    type('New Password', 'back-nine-birdie');
    type('Confirm New Password', 'back-nine-bogey');
    await submit();
    await settle(() =>
      expect(
        container.querySelector(
          `[id="${input('Confirm New Password').getAttribute('aria-describedby')}"]`,
        )?.textContent,
      ).toBe("Passwords don't match"),
    );
    expect(fetch).not.toHaveBeenCalled();
    type('Confirm New Password', 'back-nine-birdie');
    await submit();
    await settle(() => expect(container.querySelector('h2')?.textContent).toBe('Password Reset'));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      token: 'T0K3N',
      password: 'back-nine-birdie',
    });
    expect(container.textContent).toContain(PASSWORD_RESET_MESSAGES.done);
    expect(links()).toContainEqual(['Sign In', '/login']);
  });

  it('a common password lands on its field; a refused link says so and leads to a new one', async () => {
    const common = 'This password is too common. Please choose another.';
    let answer = jsonResponse(400, { message: common, errors: { password: common } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    mount('/reset-password');
    type('New Password', 'password1');
    type('Confirm New Password', 'password1');
    await submit();
    await waitForToast({ title: 'Reset Failed', description: common });
    expect(input('New Password').getAttribute('aria-invalid')).toBe('true');

    const invalid = PASSWORD_RESET_MESSAGES.invalidLink;
    answer = jsonResponse(400, { message: invalid, errors: { token: invalid } });
    type('New Password', 'back-nine-birdie');
    type('Confirm New Password', 'back-nine-birdie');
    await submit();
    await settle(() => expect(container.querySelector('h2')?.textContent).toBe('Link Not Valid'));
    expect(container.textContent).toContain(invalid);
    expect(links()).toContainEqual(['Ask for a New Link', '/forgot-password']);
  });

  it('a link without a token says so at once', async () => {
    mount('/reset-password-bare');
    await settle(() => expect(container.querySelector('h2')?.textContent).toBe('Link Not Valid'));
    expect(container.querySelector('form')).toBeNull();
  });
});
