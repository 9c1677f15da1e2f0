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

/** Renders the card of `shown` and opens its detail dialog; returns the dialog. */
async function openDetails(shown = order): Promise<Element> {
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CustomOrderAdminCard order={shown} />
      </QueryClientProvider>,
      container,
    ),
  );
  const details = [...container.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'View Details',
  )!;
  await act(() => details.click());
  // The dialog is portalled to <body> (Radix), outside the container.
  const dialog = document.body.querySelector('[role="dialog"]')!;
  expect(dialog).not.toBeNull();
  return dialog;
}

describe('custom order export actions', () => {
  it("offers 'Export' on the card and 'Export Order' in the detail dialog, both the order's CSV", async () => {
    const dialog = await openDetails();
    const csv = '/api/custom-orders/12/export?format=csv';
    expect(links(container)).toContainEqual(['Export', csv]);
    expect(links(dialog)).toContainEqual(['Export Order', csv]);
    // Dates read as elsewhere in the admin, not as the stored YYYY-MM-DD.
    expect(dialog.textContent).toContain('December 29, 2026');
    expect(dialog.textContent).not.toContain('2026-12-29');
  });
});

describe('custom order balance', () => {
  it("reads '(paid)' on the card and in the dialog once the balance is paid", async () => {
    const paid = customOrderFixture({ balancePaid: 472.5, balanceDue: 0 });
    const dialog = await openDetails(paid);
    expect(container.textContent).toContain('$472.50 (paid)');
    expect(dialog.textContent).toContain('$472.50 (paid)');
  });

  it('reads the amount alone while it is due', async () => {
    const dialog = await openDetails();
    expect(dialog.textContent).toContain('$472.50');
    expect(dialog.textContent).not.toContain('(paid)');
  });
});

describe('deleting a custom order', () => {
  it('the confirmation names what the buyer paid and that it is not refunded', async () => {
    const dialog = await openDetails(customOrderFixture({ depositPaid: 52.5, balancePaid: 472.5 }));
    const remove = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Delete',
    )!;
    await act(() => remove.click());
    const confirm = document.body.querySelector('[role="alertdialog"]')!;
    expect(confirm.textContent).toContain(
      'The buyer paid the deposit of $52.50 and the balance of $472.50; they are not refunded.',
    );
  });
});
