// @vitest-environment jsdom
/**
 * A campaign section's 'Recent campaigns' when GET /api/campaigns fails (an admin audit of
 * 2026-11-27: the heading showed with nothing under it): the admin's error state, 'We
 * could not load the recent campaigns. Please try again.' with 'Try Again', as every other
 * admin list; Try Again loads the list.
 */
import type { CampaignProgress } from '@shared/schemas/campaigns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { RecentCampaigns } from './recent-campaigns';

const campaign: CampaignProgress = {
  id: 7,
  kind: 'vip',
  subject: 'Members: 20% off',
  status: 'done',
  total: 2,
  sent: 2,
  failed: 0,
  skipped: 0,
  pending: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:01:00.000Z',
  waitingForMail: false,
};

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

describe('Recent campaigns that did not load', () => {
  it("shows the admin's error with 'Try Again', which loads the list", async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        failing ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, [campaign]),
      ),
    );
    container = document.createElement('div');
    document.body.append(container);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() =>
      render(
        <QueryClientProvider client={client}>
          <RecentCampaigns kind="vip" />
        </QueryClientProvider>,
        container,
      ),
    );
    await settle(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'We could not load the recent campaigns. Please try again.',
      ),
    );
    expect(container.textContent).not.toContain('Loading');
    const retry = [...container.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Try Again',
    )!;
    expect(retry).toBeDefined();

    failing = false;
    await act(() => retry.click());
    await settle(() => expect(container.textContent).toContain('#7 Members: 20% off'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});
