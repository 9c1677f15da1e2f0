// @vitest-environment jsdom
/**
 * Order History's custom order (back-office spec section 2): the card's actions include
 * 'Export' and the detail dialog's 'Export Order' (the order's CSV; the printable page
 * sits beside it).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { customOrderFixture } from '@/test/fixtures';
import { CustomOrderAdminCard } from './custom-order-admin';

const order = customOrderFixture({ estimatedDelivery: '2026-12-29' });

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
});

const links = (root: ParentNode) =>
  [...root.querySelectorAll('a')].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);

describe('custom order export actions', () => {
  it("offers 'Export' on the card and 'Export Order' in the detail dialog, both the order's CSV", async () => {
    container = document.createElement('div');
    document.body.append(container);
    act(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <CustomOrderAdminCard order={order} />
        </QueryClientProvider>,
        container,
      ),
    );
    const csv = '/api/custom-orders/12/export?format=csv';
    expect(links(container)).toContainEqual(['Export', csv]);
    const details = [...container.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'View Details',
    )!;
    await act(() => details.click());
    // The dialog is portalled to <body> (Radix), outside the container.
    const dialog = document.body.querySelector('[role="dialog"]')!;
    expect(dialog).not.toBeNull();
    expect(links(dialog)).toContainEqual(['Export Order', csv]);
    // Dates read as elsewhere in the admin, not as the stored YYYY-MM-DD.
    expect(dialog.textContent).toContain('December 29, 2026');
    expect(dialog.textContent).not.toContain('2026-12-29');
  });
});
