// @vitest-environment jsdom
/**
 * Order History's custom order (back-office spec section 2): the card's actions include
 * 'Export' and the detail dialog's 'Export Order' (the order's CSV; the printable page
 * sits beside it). The status is saved by 'Update Status', never by choosing in the
 * select alone (a keyboard audit: arrow keys change a closed select in Chromium); the
 * card's controls name their order; the buyer's long words wrap in the dialog.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { customOrderFixture } from '@/test/fixtures';
import { CustomOrderAdminCard } from './custom-order-admin';

const order = customOrderFixture({ estimatedDelivery: '2026-12-29' });

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const links = (root: ParentNode) =>
  [...root.querySelectorAll('a')].map((a) => [a.textContent?.trim(), a.getAttribute('href')]);

/** Renders the card of `shown`. */
function mount(shown = order) {
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
}

/** Renders the card of `shown` and opens its detail dialog; returns the dialog. */
async function openDetails(shown = order): Promise<Element> {
  mount(shown);
  const details = [...container.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'View Details, custom order #12',
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
    expect(links(container)).toContainEqual(['Export, custom order #12', csv]);
    expect(links(dialog)).toContainEqual(['Export Order, custom order #12', csv]);
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

describe('custom order status', () => {
  it('choosing in the select sends nothing; Update Status sends one PATCH and keeps the focus', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        sent.push({ method: init?.method ?? 'GET', url, body: JSON.parse(String(init?.body)) });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    mount(customOrderFixture({ status: 'pending' }));
    const select = container.querySelector('select')!;
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe(
      'Order status, custom order #12',
    );
    // ArrowDown on a closed select in Chromium: the value moves, `change` fires.
    act(() => {
      select.value = 'mockup_sent';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent).toEqual([]);
    const save = [...container.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Update Status, custom order #12',
    )!;
    save.focus();
    await act(() => save.click());
    await settle(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: '/api/custom-orders/12/status',
      body: { status: 'mockup_sent' },
    });
    expect(save.disabled).toBe(false);
    expect(document.activeElement).toBe(save);
    await act(async () => answer(jsonResponse(200, customOrderFixture({ status: 'mockup_sent' }))));
    expect(document.activeElement).toBe(save);
  });

  it("the card's badge reads 'Status: ...' as text", () => {
    mount();
    const badges = [...container.querySelectorAll('[data-slot="badge"]')].map((b) => b.textContent);
    expect(badges).toContain('Status: Approved');
  });
});

describe("the buyer's text in the detail dialog", () => {
  it('breaks a long link or word anywhere instead of widening the dialog', async () => {
    const link = `https://example.com/${'a'.repeat(120)}`;
    const dialog = await openDetails(customOrderFixture({ notes: `See ${link}` }));
    expect(dialog.textContent).toContain(link);
    expect(dialog.className).toContain('wrap-anywhere');
  });
});
