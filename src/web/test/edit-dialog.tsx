/**
 * Opening an admin edit dialog in a component test with the network stubbed: every PUT
 * is recorded and answered by `answer`, the list read (`isListRead(url)`) answers
 * `listed()`, anything else an empty list. Shared by the product and blog post dialogs'
 * stale-edit tests (admin/stale-edit.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import type * as React from 'react';
import { act } from 'react-dom/test-utils';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { jsonResponse } from './dom';

/** The opened dialog: the PUT bodies sent, its form, and typing into / reading a field. */
export interface OpenedEditDialog {
  container: HTMLDivElement;
  sent: Record<string, unknown>[];
  form: HTMLFormElement;
  type(name: string, value: string): void;
  value(name: string): string;
}

/**
 * Renders `dialog` (with a Toaster) in a new container, the fetch stub installed, and
 * waits for its form labelled `formLabel`. Unstub with `vi.unstubAllGlobals()` and
 * unmount `container` (./dom.ts `unmount`) after the test.
 */
export async function openEditDialog({
  dialog,
  formLabel,
  answer,
  isListRead,
  listed,
}: {
  dialog: React.ReactNode;
  formLabel: string;
  answer: (body: Record<string, unknown>, n: number) => Response;
  isListRead: (url: string) => boolean;
  listed: () => unknown[];
}): Promise<OpenedEditDialog> {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return answer(body, sent.length);
      }
      return jsonResponse(200, isListRead(url) ? listed() : []);
    }),
  );
  const container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        {dialog}
        <Toaster />
      </QueryClientProvider>,
      container,
    ),
  );
  const form = await vi.waitFor(() => {
    const f = document.querySelector<HTMLFormElement>(`form[aria-label="${formLabel}"]`);
    if (!f) throw new Error('no form');
    return f;
  });
  const field = (name: string) =>
    form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
  const type = (name: string, value: string) => {
    const input = field(name);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  return { container, sent, form, type, value: (name) => field(name).value };
}
