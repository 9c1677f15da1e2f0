// @vitest-environment jsdom
/**
 * /admin's title names the section shown ('Order History | Admin | ...'), also when the
 * admin comes from another page of the app with their user already known: the page's own
 * 'Admin Dashboard' title, set in an effect that ran after the section's, won then.
 */
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useUser } from '@/features/auth/api';
import { renderRoutes } from '@/test/app';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { Component as AdminPage } from './admin';

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** The page the admin was on before: it has loaded their user. */
function Before() {
  const { user } = useUser();
  return <p>{user ? `signed in as ${user.username}` : 'loading'}</p>;
}

describe('/admin title', () => {
  it('names the section when the admin comes from another page of the app', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user'
          ? jsonResponse(200, { id: 1, username: 'owner', email: null, role: 'admin' })
          : jsonResponse(503, { message: 'Not in this test' }),
      ),
    );
    container = document.createElement('div');
    document.body.append(container);
    const router = createMemoryRouter(
      [
        { path: '/', element: <Before /> },
        { path: '/admin', element: <AdminPage /> },
      ],
      { initialEntries: ['/'] },
    );
    renderRoutes(container, router);
    await settle(() => expect(container.textContent).toContain('signed in as owner'));
    await router.navigate('/admin?section=order-history');
    await settle(() => expect(document.title).toBe('Order History | Admin | Fairway Pin Co.'));
  });
});
