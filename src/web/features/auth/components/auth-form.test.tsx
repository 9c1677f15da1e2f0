// @vitest-environment jsdom
/**
 * The sign-in and registration forms' shared outcome (back-office spec sections 2, 5, 8):
 * a refused registration puts the server's field message on its field and toasts
 * 'Registration Failed' with the server's message; a sign-in goes to `?next=` with
 * 'Welcome back!'; each form links to the other keeping `?next=`. The focus (a
 * screen-reader audit): the submit button keeps it while sending and after a refusal
 * naming no field; a taken username (409, no field in the answer) marks Username
 * invalid, its error text tied to it, and focuses it.
 */
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { fieldsOf } from '@/test/fields';
import { waitForToast } from '@/test/toasts';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function mount(url: string) {
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/register', element: <RegisterForm /> },
      { path: '/cart', element: <p>Cart page</p> },
    ],
    { initialEntries: [url] },
  );
  renderRoutes(container, router);
  return router;
}

const { input, type, errorOf } = fieldsOf(() => container);
const submit = () => act(() => container.querySelector('form')!.requestSubmit());
const submitButton = () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
/** Clicks the submit button as a keyboard or mouse user does: it has the focus first. */
const clickSubmit = () =>
  act(() => {
    submitButton().focus();
    submitButton().click();
  });

describe('auth forms', () => {
  it("a refused registration: the field's message and 'Registration Failed'", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(400, {
        message: 'That username is taken.',
        errors: { username: 'That username is taken.' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    mount('/register?next=%2Fcart&email=pat%40example.com');
    expect(input('Email').value).toBe('pat@example.com');
    type('Username', 'pat');
    type('Password', 'birdie-putt');
    type('Confirm Password', 'birdie-putt');
    await submit();
    await waitForToast({ title: 'Registration Failed', description: 'That username is taken.' });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      username: 'pat',
      email: 'pat@example.com',
      password: 'birdie-putt',
    });
    const username = input('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(
      container.querySelector(`[id="${username.getAttribute('aria-describedby')}"]`)?.textContent,
    ).toBe('That username is taken.');
    const signIn = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Sign in');
    expect(signIn?.getAttribute('href')).toBe('/login?next=%2Fcart');
  });

  it("a sign-in goes to ?next= with 'Welcome back!'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/login'
          ? jsonResponse(200, { id: 1, username: 'pat', email: 'pat@example.com', role: 'user' })
          : jsonResponse(200, null),
      ),
    );
    const router = mount('/login?next=%2Fcart');
    const signUp = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Sign up');
    expect(signUp?.getAttribute('href')).toBe('/register?next=%2Fcart');
    type('Username', 'pat');
    type('Password', 'birdie-putt');
    await submit();
    await waitForToast({ title: 'Welcome back!', description: 'You are now signed in.' });
    expect(router.state.location.pathname).toBe('/cart');
    expect(container.textContent).toContain('Cart page');
  });

  it('a refused sign-in: the focus stays on Sign In while sending and after', async () => {
    const held = heldResponse();
    const fetch = vi.fn(async (url: string) =>
      url === '/api/auth/login' ? held.wait() : jsonResponse(200, null),
    );
    vi.stubGlobal('fetch', fetch);
    mount('/login');
    type('Username', 'pat');
    type('Password', 'wrong-putt');
    await clickSubmit();
    await settle(() => expect(submitButton().textContent).toBe('Signing in...'));
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(submitButton());
    // A second click while sending sends nothing.
    await clickSubmit();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/login')).toHaveLength(1);

    await act(() => held.answer(jsonResponse(401, { message: AUTH_MESSAGES.invalidCredentials })));
    await waitForToast({ title: 'Login Failed', description: AUTH_MESSAGES.invalidCredentials });
    await settle(() => expect(submitButton().textContent).toBe('Sign In'));
    expect(document.activeElement).toBe(submitButton());
    expect(submitButton().hasAttribute('aria-disabled')).toBe(false);
  });

  it.each([
    ['username', 'Username', 'Email', AUTH_MESSAGES.usernameTaken],
    ['email', 'Email', 'Username', AUTH_MESSAGES.emailTaken],
  ] as const)(
    'a taken %s (409 naming its field): %s is marked invalid and focused',
    async (field, label, other, message) => {
      vi.stubGlobal(
        'fetch',
        // As the server answers it (accounts/service.ts `taken`).
        vi.fn(async () => jsonResponse(409, { message, errors: { [field]: message } })),
      );
      mount('/register');
      type('Username', 'pat');
      type('Email', 'pat@example.com');
      type('Password', 'birdie-putt');
      type('Confirm Password', 'birdie-putt');
      await clickSubmit();
      await waitForToast({ title: 'Registration Failed', description: message });
      expect(input(label).getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(label)).toBe(message);
      await settle(() => expect(document.activeElement).toBe(input(label)));
      expect(input(other).hasAttribute('aria-invalid')).toBe(false);
    },
  );
});
