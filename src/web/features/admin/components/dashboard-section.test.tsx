// @vitest-environment jsdom
/**
 * Admin dashboard: the 'needs your attention' line puts each count's noun in the
 * number's form ('1 payment problem', not '1 payment problems').
 */
import type { Dashboard } from '@shared/schemas/dashboard';
import type { IncidentCounts } from '@shared/schemas/incidents';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentChild, render } from 'preact';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { DashboardSection } from './dashboard-section';

const sales = { sales: 0, orders: 0, averageOrderValue: 0 };
const dashboard = (needsHuman: IncidentCounts): Dashboard => ({
  days: 30,
  from: '2026-10-29',
  to: '2026-11-27',
  catalog: sales,
  custom: { ...sales, depositsTaken: 0 },
  balancesOutstanding: { amount: 0, orders: 1 },
  invoices: { paid: 0, paidCount: 0, outstanding: 0, outstandingCount: 0 },
  openQuotes: 0,
  lowStock: [],
  outOfStock: [],
  codesNearLimit: [],
  needsHuman,
  salesByDay: [],
  ordersByStatus: [],
});

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

async function attentionLine(counts: IncidentCounts): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, dashboard(counts))),
  );
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter([{ path: '/admin', Component: DashboardSection }], {
    initialEntries: ['/admin'],
  });
  act(() =>
    render(
      (
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      ) as unknown as ComponentChild,
      container,
    ),
  );
  await settle(() => expect(container.querySelector('p[role="status"]')).not.toBeNull());
  return (container.querySelector('p[role="status"]')?.textContent ?? '').replace(/\s+/g, ' ');
}

describe("dashboard 'needs your attention' line", () => {
  it('one of each: singular nouns', async () => {
    const line = await attentionLine({
      refundsOwed: 1,
      capturesWithoutOrder: 1,
      openIncidents: 1,
      heldMail: 1,
      failedMail: 1,
      needsHuman: 5,
    });
    expect(line).toContain(
      '5 items need your attention (1 refund owed, 1 payment without an order, 1 payment problem, 1 held mail and 1 failed mail).',
    );
    expect(container.textContent).toContain('1 order, all time');
  });

  it('one in all, the rest none or several: plural nouns but for the one', async () => {
    const line = await attentionLine({
      refundsOwed: 0,
      capturesWithoutOrder: 2,
      openIncidents: 0,
      heldMail: 3,
      failedMail: 0,
      needsHuman: 1,
    });
    expect(line).toContain(
      '1 item needs your attention (0 refunds owed, 2 payments without an order, 0 payment problems, 3 held mails and 0 failed mails).',
    );
  });
});
