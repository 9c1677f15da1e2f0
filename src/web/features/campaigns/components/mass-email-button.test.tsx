// @vitest-environment jsdom
/**
 * Discount Codes' 'Send Mass Email' refused (back-office spec section 8): the toast is
 * 'Error' / 'Failed to send mass email campaign.', followed by the server's reason.
 * Started without outgoing mail (SMTP not configured): the dialog says the e-mails wait
 * for it, instead of a 'Sending' that never moves (an admin audit's finding).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { MassEmailButton } from './mass-email-button';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** Renders the SAVE5 button, opens its confirmation and confirms (the answers: `fetch`). */
async function renderAndConfirm(): Promise<void> {
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MassEmailButton code="SAVE5" offer="$5.00 off" />
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
  await act(() => container.querySelector('button')!.click());
  // The dialog is portalled to <body> (Radix), outside the container.
  const confirm = [...document.querySelectorAll('[role="alertdialog"] button')].find(
    (b) => b.textContent === 'Send Mass Email',
  ) as HTMLButtonElement;
  await act(() => confirm.click());
}

describe('Send Mass Email refused', () => {
  it("toasts 'Error' / 'Failed to send mass email campaign.' with the server's reason", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/campaign-audience'
          ? jsonResponse(200, { customers: 3, subscribers: 2, suppressed: 0 })
          : jsonResponse(409, { message: 'Code SAVE5 is inactive.' }),
      ),
    );
    await renderAndConfirm();
    await waitForToast({
      title: 'Error',
      description: 'Failed to send mass email campaign. Code SAVE5 is inactive.',
    });
  });
});

describe('Send Mass Email without outgoing mail', () => {
  it('says the e-mails wait until SMTP is configured', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/campaign-audience')
          return jsonResponse(200, { customers: 3, subscribers: 0, suppressed: 0 });
        if (url.startsWith('/api/campaigns/'))
          return jsonResponse(200, {
            id: 4,
            kind: 'discount',
            subject: 'SAVE5',
            status: 'sending',
            total: 3,
            sent: 0,
            failed: 0,
            skipped: 0,
            pending: 3,
            createdAt: '2026-11-26T10:00:00.000Z',
            finishedAt: null,
            waitingForMail: true,
          });
        return jsonResponse(202, {
          campaignId: 4,
          total: 3,
          sending: false,
          result: { sent: 0, failed: 0, skipped: 0, pending: 3 },
        });
      }),
    );
    await renderAndConfirm();
    await settle(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
        '3 e-mails wait until outgoing mail (SMTP) is configured.',
      ),
    );
    // The progress says why it does not move, rather than 'Sending'.
    await settle(() =>
      expect(document.querySelector('[data-testid="campaign-4-counts"]')?.textContent).toBe(
        'Waiting for outgoing mail (SMTP): 0 sent · 0 failed · 0 skipped of 3',
      ),
    );
  });
});
