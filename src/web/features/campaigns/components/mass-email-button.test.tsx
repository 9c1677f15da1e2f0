// @vitest-environment jsdom
/**
 * Discount Codes' 'Send Mass Email' refused (back-office spec section 8): the toast is
 * 'Error' / 'Failed to send mass email campaign.', followed by the server's reason.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { jsonResponse, unmount } from '@/test/dom';
import { waitForToast } from '@/test/toasts';
import { MassEmailButton } from './mass-email-button';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

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
    const open = container.querySelector('button')!;
    await act(() => open.click());
    // The dialog is portalled to <body> (Radix), outside the container.
    const confirm = [...document.querySelectorAll('[role="alertdialog"] button')].find(
      (b) => b.textContent === 'Send Mass Email',
    ) as HTMLButtonElement;
    await act(() => confirm.click());
    await waitForToast({
      title: 'Error',
      description: 'Failed to send mass email campaign. Code SAVE5 is inactive.',
    });
  });
});
