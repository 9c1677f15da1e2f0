// @vitest-environment jsdom
/**
 * /account, My Account (docs/decisions.md "My Account and password change"): signed out
 * it goes to /login?next=/account; signed in it names itself, shows the username and
 * e-mail with a link to the orders, and the Change Password form checks its fields with
 * the shared schema (the registration's password messages, 'Passwords don't match', the
 * new one different from the current one) before sending only the two passwords;
 * 'Changing...' while it sends (the button keeping the focus), 'Password Changed' after;
 * the server's refusals land on their fields, the field at fault focused.
 */
import { CHANGE_PASSWORD_MESSAGES } from '@shared/schemas/auth';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { fieldsOf } from '@/test/fields';
import { waitForToast } from '@/test/toasts';
import { Component as AccountPage } from './account';

const USER = { id: 7, username: 'birdie_pat', email: 'pat@example.com', role: 'user' };
const CURRENT = 'fairway-secret-9';
const NEW = 'back-nine-birdie-7';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

type Answer = Response | Promise<Response>;

/** Stubs fetch: the user call answers `user`; the change answers `change()` (each call). */
function stubFetch(user: typeof USER | null, change: () => Answer = () => jsonResponse(200, {})) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/auth/user') return jsonResponse(200, user);
    if (url === '/api/auth/change-password') return change();
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.filter(([url]) => url === '/api/auth/change-password');
}

function mount() {
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/account'] },
  );
  renderRoutes(container, router);
  return router;
}

const { input, type, errorOf } = fieldsOf(() => container);
const fill = (current: string, next: string, confirm = next) => {
  type('Current Password', current);
  type('New Password', next);
  type('Confirm New Password', confirm);
};
const submit = () => act(() => container.querySelector('form')!.requestSubmit());
const submitButton = () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;

describe('/account', () => {
  it('signed out: to the sign-in page, coming back here after', async () => {
    stubFetch(null);
    const router = mount();
    await settle(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/account')}`);
  });

  it('shows the username, the e-mail and a link to the orders, under its own title', async () => {
    stubFetch(USER);
    mount();
    await settle(() => expect(container.querySelector('h1')?.textContent).toBe('My Account'));
    await settle(() => expect(container.textContent).toContain(USER.username));
    expect(document.title).toBe('My Account | Fairway Pin Co.');
    const details = [...container.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(details).toEqual([
      ['Username', USER.username],
      ['Email', USER.email],
    ]);
    const orders = [...container.querySelectorAll('a')].find(
      (a) => a.getAttribute('href') === '/track-order',
    );
    expect(orders?.textContent).toBe('View My Orders');
    expect(submitButton().textContent).toBe('Change Password');
  });

  it("checks the fields with the registration's messages before sending anything", async () => {
    const changes = stubFetch(USER);
    mount();
    await settle(() => expect(container.querySelector('form')).not.toBeNull());

    await submit();
    await settle(() =>
      expect(errorOf('Current Password')).toBe(CHANGE_PASSWORD_MESSAGES.currentRequired),
    );
    expect(errorOf('New Password')).toBe('Password must be at least 6 characters');

    fill(CURRENT, '12345');
    await submit();
    await settle(() =>
      expect(errorOf('New Password')).toBe('Password must be at least 6 characters'),
    );
    expect(errorOf('Current Password')).toBe('');

    fill(CURRENT, 'x'.repeat(201));
    await submit();
    await settle(() =>
      expect(errorOf('New Password')).toBe('Password must be at most 200 characters'),
    );

    fill(CURRENT, CURRENT);
    await submit();
    await settle(() =>
      expect(errorOf('New Password')).toBe(CHANGE_PASSWORD_MESSAGES.sameAsCurrent),
    );

    fill(CURRENT, NEW, `${NEW}x`);
    await submit();
    await settle(() => expect(errorOf('Confirm New Password')).toBe("Passwords don't match"));
    expect(errorOf('New Password')).toBe('');
    expect(changes()).toEqual([]);
  });

  it("sends the two passwords: 'Changing...', then 'Password Changed' and an empty form", async () => {
    const held = heldResponse();
    const changes = stubFetch(USER, held.wait);
    mount();
    await settle(() => expect(container.querySelector('form')).not.toBeNull());
    fill(CURRENT, NEW);
    submitButton().focus();
    await submit();
    await settle(() => expect(submitButton().textContent).toBe('Changing...'));
    // Pending, not disabled: it ignores clicks but keeps the focus (a disabled button
    // dropped it to the page's start: a screen-reader audit).
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(submitButton().disabled).toBe(false);
    expect(document.activeElement).toBe(submitButton());
    await act(() => submitButton().click());
    expect(changes()).toHaveLength(1);
    expect(JSON.parse(String(changes()[0]?.[1]?.body))).toEqual({
      currentPassword: CURRENT,
      newPassword: NEW,
    });

    await act(() => held.answer(jsonResponse(200, { message: CHANGE_PASSWORD_MESSAGES.done })));
    await waitForToast({ title: 'Password Changed', description: CHANGE_PASSWORD_MESSAGES.done });
    await settle(() => expect(submitButton().textContent).toBe('Change Password'));
    expect(input('Current Password').value).toBe('');
    expect(input('New Password').value).toBe('');
    expect(input('Confirm New Password').value).toBe('');
  });

  it("the server's refusals land on their fields", async () => {
    const wrong = CHANGE_PASSWORD_MESSAGES.wrongCurrent;
    const common = 'This password is too common and easy to guess. Please choose a different one.';
    let answer = jsonResponse(400, { message: wrong, errors: { currentPassword: wrong } });
    stubFetch(USER, () => answer);
    mount();
    await settle(() => expect(container.querySelector('form')).not.toBeNull());
    fill('not-my-password', NEW);
    submitButton().focus();
    await submit();
    await waitForToast({ title: 'Password Change Failed', description: wrong });
    expect(errorOf('Current Password')).toBe(wrong);
    // The field at fault takes the focus (read with its error), not the page's start.
    await settle(() => expect(document.activeElement).toBe(input('Current Password')));

    answer = jsonResponse(400, { message: common, errors: { newPassword: common } });
    fill(CURRENT, 'password123');
    await submit();
    await waitForToast({ title: 'Password Change Failed', description: common });
    expect(errorOf('New Password')).toBe(common);
    await settle(() => expect(document.activeElement).toBe(input('New Password')));
  });
});
