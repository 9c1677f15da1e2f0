// @vitest-environment jsdom
/**
 * The sign-in and registration forms' shared outcome (back-office spec sections 2, 5, 8):
 * a refused registration puts the server's field message on its field and toasts
 * 'Registration Failed' with the server's message; a sign-in goes to `?next=` with
 * 'Welcome back!'; each form links to the other keeping `?next=`.
 */
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { jsonResponse, unmount } from '@/test/dom';
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

const { input, type } = fieldsOf(() => container);
const submit = () => act(() => container.querySelector('form')!.requestSubmit());

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
});
