// @vitest-environment jsdom
/**
 * Discount Codes' 'Send Mass Email' refused (back-office spec section 8): the toast is
 * 'Error' / 'Failed to send mass email campaign.', followed by the server's reason.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import type { ReactNode } from 'react';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MassEmailButton } from './mass-email-button';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast }));
// Radix's dialog does not mount under jsdom here; a plain stand-in keeps the dialogs' content.
vi.mock('@/components/ui/dialog', () => {
  const Box = ({ children }: { children?: ReactNode }) => <div>{children}</div>;
  return {
    Dialog: ({ open, children }: { open: boolean; children?: ReactNode }) =>
      open ? <div>{children}</div> : null,
    DialogContent: ({ children }: { children?: ReactNode }) => <div role="dialog">{children}</div>,
    DialogHeader: Box,
    DialogFooter: Box,
    DialogTitle: Box,
    DialogDescription: Box,
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let container: HTMLDivElement;
afterEach(() => {
  act(() => render(null, container));
  container.remove();
  vi.unstubAllGlobals();
});

describe('Send Mass Email refused', () => {
  it("toasts 'Error' / 'Failed to send mass email campaign.' with the server's reason", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/campaign-audience'
          ? json(200, { customers: 3, subscribers: 2, suppressed: 0 })
          : json(409, { message: 'Code SAVE5 is inactive.' }),
      ),
    );
    container = document.createElement('div');
    document.body.append(container);
    act(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MassEmailButton code="SAVE5" offer="$5.00 off" />
        </QueryClientProvider>,
        container,
      ),
    );
    const open = container.querySelector('button')!;
    await act(() => open.click());
    const confirm = [...container.querySelectorAll('[role="dialog"] button')].find(
      (b) => b.textContent === 'Send Mass Email',
    ) as HTMLButtonElement;
    await act(() => confirm.click());
    for (let i = 0; i < 50 && toast.mock.calls.length === 0; i++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to send mass email campaign. Code SAVE5 is inactive.',
      variant: 'destructive',
    });
  });
});
