// @vitest-environment jsdom
/**
 * A campaign's live progress for screen-reader users (an audit of 2026-11-27): the polite
 * live region used to announce bare numbers ('12', '1') as each count changed. Now one
 * status sentence names every count, and it changes at the start, at each quarter, when
 * the campaign waits for outgoing mail and when it finishes, not at every poll.
 */
import type { CampaignProgress as Progress } from '@shared/schemas/campaigns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, settle, unmount } from '@/test/dom';
import { campaignKeys } from '../api';
import { CampaignProgress } from './campaign-progress';

const start: Progress = {
  id: 7,
  kind: 'marketing',
  subject: 'Spring news',
  status: 'sending',
  total: 100,
  sent: 0,
  failed: 0,
  skipped: 0,
  pending: 100,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  waitingForMail: false,
};

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

function mount() {
  const client = new QueryClient();
  // The server's answer to the polls: the latest progress set.
  let current = start;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, current)),
  );
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={client}>
        <CampaignProgress campaignId={7} />
      </QueryClientProvider>,
      container,
    ),
  );
  /** The next poll's answer. */
  const progress = (over: Partial<Progress>) =>
    act(async () => {
      current = { ...start, ...over };
      client.setQueryData(campaignKeys.one(7), current);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  return progress;
}

const status = () => container.querySelector('[role="status"]')!;

describe('campaign progress announcements', () => {
  it('one labelled sentence, changed at each quarter and at the end, not at every poll', async () => {
    const progress = mount();
    // The status region is there before its first sentence, so that one is read too.
    expect(status()).not.toBeNull();
    expect(status().getAttribute('aria-atomic')).toBe('true');
    await settle(() =>
      expect(status().textContent).toBe('Sending: 0 of 100 sent, 0 failed, 0 skipped.'),
    );
    // The visible counts are not a live region of their own.
    expect(container.querySelectorAll('[aria-live]')).toHaveLength(0);

    await progress({ sent: 12, failed: 1, pending: 87 });
    expect(container.textContent).toContain('Sending: 12 sent · 1 failed · 0 skipped of 100');
    expect(status().textContent).toBe('Sending: 0 of 100 sent, 0 failed, 0 skipped.');

    await progress({ sent: 25, failed: 1, pending: 74 });
    expect(status().textContent).toBe('Sending: 25 of 100 sent, 1 failed, 0 skipped.');
    await progress({ sent: 30, failed: 1, pending: 69 });
    expect(status().textContent).toBe('Sending: 25 of 100 sent, 1 failed, 0 skipped.');

    await progress({ status: 'done', sent: 98, failed: 1, skipped: 1, pending: 0 });
    expect(status().textContent).toBe('Finished: 98 of 100 sent, 1 failed, 1 skipped.');
  });

  it('says when the campaign waits for outgoing mail', async () => {
    const progress = mount();
    await settle(() => expect(status().textContent).toContain('Sending'));
    await progress({ waitingForMail: true });
    expect(status().textContent).toBe(
      'Waiting for outgoing mail (SMTP): 0 of 100 sent, 0 failed, 0 skipped.',
    );
  });
});
