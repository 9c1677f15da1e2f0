// @vitest-environment jsdom
/**
 * Quote Requests' failure toasts (back-office spec section 8, "Other admin titles"):
 * 'Failed to update quote request.', 'Failed to delete quote request.' and 'Failed to
 * create collaboration session' are the toasts' titles (as 'Failed to send invoice' and
 * 'Failed to delete invoice' are), with the server's reason below them. While a request
 * is in flight its button stays focusable (Button `pending`, not `disabled`: a disabled
 * button drops the focus to the page's start, a screen-reader audit of 2026-11-27).
 */
import type { QuoteRequestView } from '@shared/schemas/quote-desk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { button, jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { QuoteRequestCard } from './quote-request-card';

const quote: QuoteRequestView = {
  id: 7,
  customerName: 'Robin Links',
  customerEmail: 'robin@example.com',
  customerPhone: null,
  companyName: null,
  projectDescription: 'Member-guest pins',
  quantity: 200,
  pinType: 'pins',
  logoFileName: null,
  logoUrl: null,
  preferredSize: null,
  deadlineDate: null,
  additionalNotes: null,
  status: 'pending',
  quotedAmount: null,
  quotedNotes: null,
  approvedAt: null,
  approvedRevision: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    render(
      <QueryClientProvider client={client}>
        <QuoteRequestCard quote={quote} />
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
});
afterEach(async () => {
  await unmount(container);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('Quote Requests failure toasts', () => {
  it("a refused quote: titled 'Failed to update quote request.' with the server's reason", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { message: 'This quote is approved' })),
    );
    const amount = container.querySelector<HTMLInputElement>('input[type="number"]')!;
    await act(() => {
      amount.value = '125';
      amount.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => button(/^Send Quote$/).click());
    await waitForToast({
      title: 'Failed to update quote request.',
      description: 'This quote is approved',
    });
  });

  it("a refused delete: titled 'Failed to delete quote request.'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, { message: 'Quote request not found' })),
    );
    await act(() => button(/^Delete quote request #7$/).click());
    await settle(() => button(/^Delete Quote$/));
    await act(() => button(/^Delete Quote$/).click());
    await waitForToast({
      title: 'Failed to delete quote request.',
      description: 'Quote request not found',
    });
  });

  it("a refused collaboration link: titled 'Failed to create collaboration session'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse(404, { message: 'Quote request not found' })
          : jsonResponse(200, { ...quote, revisions: [], sessions: [] }),
      ),
    );
    await act(() => button(/Proofs & Collaboration/).click());
    await settle(() => button(/^Create collaboration link$/));
    await act(() => button(/^Create collaboration link$/).click());
    await settle(() => expect(document.querySelector('[role="dialog"] form')).not.toBeNull());
    const form = document.querySelector<HTMLFormElement>('[role="dialog"] form')!;
    await act(() => form.requestSubmit());
    await waitForToast({
      title: 'Failed to create collaboration session',
      description: 'Quote request not found',
    });
  });
});

describe('a quoted amount', () => {
  it('comes back into the form with its cents (1250.50, not 1250.5)', () => {
    const quoted = document.createElement('div');
    document.body.append(quoted);
    act(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <QuoteRequestCard quote={{ ...quote, quotedAmount: 1250.5, status: 'quoted' }} />
        </QueryClientProvider>,
        quoted,
      ),
    );
    const amount = quoted.querySelector<HTMLInputElement>('input[type="number"]')!;
    expect(amount.value).toBe('1250.50');
    act(() => render(null, quoted));
  });
});

describe('Download Logo', () => {
  it("a logo that cannot be fetched toasts 'Download Error' (spec section 8)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const withLogo = document.createElement('div');
    document.body.append(withLogo);
    act(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <QuoteRequestCard
            quote={{ ...quote, logoUrl: '/uploads/quote-7.png', logoFileName: 'crest.png' }}
          />
          <Toaster />
        </QueryClientProvider>,
        withLogo,
      ),
    );
    const download = [...withLogo.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Download Logo',
    )!;
    await act(() => download.click());
    await waitForToast({
      title: 'Download Error',
      description: 'Failed to download logo. Please try again.',
    });
    act(() => render(null, withLogo));
  });
});

describe('buttons keep the focus while their request is in flight', () => {
  /** Stubs fetch: every request waits until `finish` is called; returns what was sent. */
  function stubSlowApi() {
    const sent: string[] = [];
    const waiting: ((r: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        sent.push(`${init?.method ?? 'GET'} ${url}`);
        return new Promise<Response>((resolve) => waiting.push(resolve));
      }),
    );
    const finish = (r: Response) => {
      for (const resolve of waiting) resolve(r);
    };
    return { sent, finish };
  }

  it("'Send Quote' stays focused and ignores a second press while it saves", async () => {
    const api = stubSlowApi();
    const amount = container.querySelector<HTMLInputElement>('input[type="number"]')!;
    await act(() => {
      amount.value = '125';
      amount.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const send = button(/^Send Quote$/);
    send.focus();
    await act(() => send.click());
    await settle(() => expect(send.textContent).toBe('Saving...'));
    expect(send.disabled).toBe(false);
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(send);
    // A second press sends nothing (Enter in the amount clicks this button too).
    await act(() => send.click());
    expect(api.sent.filter((r) => r.startsWith('PATCH') || r.startsWith('PUT'))).toHaveLength(1);
    await act(async () => api.finish(jsonResponse(200, { ...quote, status: 'quoted' })));
  });

  it("the delete confirmation's button stays focused while it deletes", async () => {
    stubSlowApi();
    await act(() => button(/^Delete quote request #7$/).click());
    await settle(() => button(/^Delete Quote$/));
    const confirm = button(/^Delete Quote$/);
    confirm.focus();
    await act(() => confirm.click());
    await settle(() => expect(confirm.textContent).toBe('Deleting...'));
    expect(confirm.disabled).toBe(false);
    expect(document.activeElement).toBe(confirm);
  });
});
