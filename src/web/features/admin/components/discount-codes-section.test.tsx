// @vitest-environment jsdom
/**
 * Admin 'Discount Codes' and the shop's calendar (docs/decisions.md issue 8 entry 5): the
 * list shows the store's days the server names (validFromDay / validUntilDay), not the UTC
 * or browser days of the stored instants, and 'Create Code' sends the picked days as bare
 * YYYY-MM-DD text, so the server (which knows STORE_TIME_ZONE) decides the instants.
 */
import type { AdminDiscountCode } from '@shared/schemas/cart';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { button, installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { DiscountCodesSection } from './discount-codes-section';

/** Jan 15 - Jan 30, 2031 in San Diego: the last instant is Jan 31 in UTC. */
const winter: AdminDiscountCode = {
  id: 1,
  code: 'WINTERDAYS',
  discountType: 'percentage',
  discountValue: 10,
  minimumOrderAmount: 0,
  maxUses: null,
  usedCount: 0,
  validFrom: '2031-01-15T08:00:00.000Z',
  validUntil: '2031-01-31T07:59:59.999Z',
  validFromDay: '2031-01-15',
  validUntilDay: '2031-01-30',
  isActive: true,
  issuedToEmail: null,
  createdAt: '2030-12-01T10:00:00.000Z',
};

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function mount() {
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DiscountCodesSection />
      </QueryClientProvider>,
      container,
    ),
  );
}

describe('status badge', () => {
  it("says whether checkout takes the code on the store's today, not only whether it is switched on", async () => {
    const codes: AdminDiscountCode[] = [
      { ...winter, id: 1, code: 'RUNNING' },
      {
        ...winter,
        id: 2,
        code: 'OLDSPRING',
        validFromDay: '2024-03-01',
        validUntilDay: '2024-05-31',
      },
      { ...winter, id: 3, code: 'LATER', validFromDay: '2031-02-01', validUntilDay: null },
      { ...winter, id: 4, code: 'SPENT', maxUses: 5, usedCount: 5 },
      { ...winter, id: 5, code: 'SWITCHEDOFF', isActive: false },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/api/calendar')
          ? jsonResponse(200, { today: '2031-01-20', timeZone: 'America/Los_Angeles' })
          : jsonResponse(200, codes),
      ),
    );
    mount();
    const statusOf = (code: string) =>
      [...container.querySelectorAll('[data-slot="badge"]')]
        .find((b) => b.closest('tr, li, [role="row"]')?.textContent?.includes(code))
        ?.textContent?.trim();
    await settle(() => expect(statusOf('OLDSPRING')).toBe('Expired'));
    expect(statusOf('RUNNING')).toBe('Active');
    expect(statusOf('LATER')).toBe('Starts Feb 1, 2031');
    expect(statusOf('SPENT')).toBe('Used up');
    expect(statusOf('SWITCHEDOFF')).toBe('Inactive');
  });
});

describe('Deactivate', () => {
  it('keeps the focus while it saves (aria-disabled, not disabled) and ignores a second press', async () => {
    const patches: unknown[] = [];
    let finish: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return new Promise<Response>((resolve) => {
            finish = resolve;
          });
        }
        return Promise.resolve(jsonResponse(200, [winter]));
      }),
    );
    mount();
    await settle(() => expect(container.textContent).toContain('WINTERDAYS'));
    const toggle = button(/^Deactivate WINTERDAYS$/);
    toggle.focus();
    await act(() => toggle.click());
    await settle(() => expect(toggle.getAttribute('aria-disabled')).toBe('true'));
    expect(toggle.disabled).toBe(false);
    expect(document.activeElement).toBe(toggle);
    await act(() => toggle.click());
    expect(patches).toHaveLength(1);
    await act(async () => finish(jsonResponse(200, { ...winter, isActive: false })));
  });
});

describe("discount code dates are the store's calendar days", () => {
  it('the list shows the days the server names in the store zone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [winter])),
    );
    mount();
    await settle(() => expect(container.textContent).toContain('WINTERDAYS'));
    expect(container.textContent).toContain('Jan 15, 2031 – Jan 30, 2031');
  });

  it("'Create Code' sends the picked days as YYYY-MM-DD, not instants the browser chose", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return jsonResponse(201, winter);
        }
        return jsonResponse(200, []);
      }),
    );
    mount();
    await act(() => button(/^Create Code$/).click());
    await settle(() => expect(document.querySelector('[role="dialog"] form')).not.toBeNull());
    const form = document.querySelector<HTMLFormElement>('[role="dialog"] form')!;
    const type = (name: string, value: string) => {
      const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    await act(() => {
      type('code', 'WINTERDAYS');
      type('discountValue', '10');
      type('validFrom', '2031-01-15');
      type('validUntil', '2031-01-30');
    });
    await act(() => form.requestSubmit());
    await settle(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      code: 'WINTERDAYS',
      validFrom: '2031-01-15',
      validUntil: '2031-01-30',
    });
  });
});

describe('Import Customers', () => {
  it("'Send Mass Email' then names the imported customers, not the count read before", async () => {
    let customers = 0;
    let audienceReads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.endsWith('/api/calendar'))
          return jsonResponse(200, { today: '2031-01-20', timeZone: 'America/Los_Angeles' });
        if (path === '/api/campaign-audience') {
          audienceReads += 1;
          return jsonResponse(200, { customers, subscribers: 0, suppressed: 0 });
        }
        if (path === '/api/import-customers' && init?.method === 'POST') {
          customers = 6;
          const result = { imported: 6, skipped: 0, duplicates: 0, invalid: 0, found: 6 };
          return jsonResponse(200, { result });
        }
        return jsonResponse(200, [winter]);
      }),
    );
    mount();
    const massEmailQuestion = async () => {
      await settle(() => button(/^Send Mass Email with WINTERDAYS$/));
      await act(() => button(/^Send Mass Email with WINTERDAYS$/).click());
      let text = '';
      await settle(() => {
        text = document.querySelector('[role="alertdialog"]')?.textContent ?? '';
        expect(text).toMatch(/to \d+ customers and subscribers/);
      });
      await act(() => button(/^Cancel$/).click());
      return text;
    };
    expect(await massEmailQuestion()).toContain('to 0 customers and subscribers');
    await act(() => button(/^Import Customers$/).click());
    const confirm = [...document.querySelectorAll('[role="alertdialog"] button')].find(
      (b) => b.textContent === 'Import Customers',
    ) as HTMLButtonElement;
    await act(() => confirm.click());
    await settle(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    // The import reads the audience again (once), and the question names the new count.
    await settle(() => expect(audienceReads).toBe(2));
    expect(await massEmailQuestion()).toContain('to 6 customers and subscribers');
  });
});
