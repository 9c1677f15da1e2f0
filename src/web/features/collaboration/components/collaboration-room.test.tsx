// @vitest-environment jsdom
/**
 * The quote room with a screen reader (an audit of 2026-11-27): a proof revision the shop
 * uploads while the client is in the room is announced ('New proof: revision N'; the
 * revisions the room opens with are not); 'Proof' and 'Comments' are headings (h2 under
 * the client page's h1, h5 under the admin card's h4); the online count says where; who
 * joins and leaves is said politely, not for the people the room opens with, and a burst
 * of comings and goings in one sentence (docs/decisions.md "the quote room says who came
 * and went").
 */
import type { QuoteRequestView, RevisionView } from '@shared/schemas/quote-desk';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle, unmount } from '@/test/dom';
import type { RoomState } from '../use-room';
import {
  CollaborationRoom,
  PRESENCE_MAX_WAIT_MS,
  PRESENCE_QUIET_MS,
  presenceNews,
  type Room,
} from './collaboration-room';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await unmount(container);
  container = undefined;
});

const revision = (n: number): RevisionView => ({
  id: n * 10,
  quoteId: 7,
  revisionNumber: n,
  changes: '',
  authorName: 'Shop',
  authorType: 'admin',
  mockupUrl: `/api/files/proof-${n}`,
  notes: null,
  createdAt: '2026-11-27T10:00:00.000Z',
});

const quote = { id: 7, status: 'quoted', quotedAmount: 1250.5 } as QuoteRequestView;
const robin = { id: 'r', name: 'Robin Links', authorType: 'client' as const };
const shop = { id: 's', name: 'Shop', authorType: 'admin' as const };

function roomOf(state: Partial<RoomState>): Room {
  return {
    connection: 'connected',
    quote,
    revisions: [revision(1)],
    annotations: [],
    activeUsers: [robin, shop],
    you: robin,
    lastError: null,
    send: async () => true,
    ...state,
  };
}

function show(room: Room, viewer: 'client' | 'admin' = 'client'): HTMLDivElement {
  if (!container) {
    container = document.createElement('div');
    document.body.append(container);
  }
  const root = container;
  act(() => render(<CollaborationRoom room={room} viewer={viewer} />, root));
  return root;
}

const announced = (root: Element) =>
  root.querySelector('[data-testid="revision-announcement"]')?.textContent;

describe('the quote room with a screen reader', () => {
  it('announces a new proof revision, not the ones it opens with', async () => {
    // Before the join: no revisions yet; the join brings revisions 1 and 2.
    let root = show(roomOf({ connection: 'connecting', revisions: [], you: null }));
    root = show(roomOf({ revisions: [revision(1), revision(2)] }));
    const status = root.querySelector('[data-testid="revision-announcement"]');
    expect(status?.getAttribute('role')).toBe('status');
    await settle(() => expect(announced(root)).toBe(''));
    // The shop uploads revision 3 while the client is in the room.
    show(roomOf({ revisions: [revision(1), revision(2), revision(3)] }));
    await settle(() => expect(announced(root)).toBe('New proof: revision 3'));
    // A comment or a people change announces nothing new about proofs.
    show(roomOf({ revisions: [revision(1), revision(2), revision(3)], activeUsers: [robin] }));
    await settle(() => expect(announced(root)).toBe('New proof: revision 3'));
  });

  it("has 'Proof' and 'Comments' headings at the page's level", () => {
    const client = show(roomOf({}));
    expect([...client.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Proof',
      'Comments',
    ]);
    const admin = show(roomOf({}), 'admin');
    expect(admin.querySelectorAll('h2')).toHaveLength(0);
    expect([...admin.querySelectorAll('h5')].map((h) => h.textContent)).toEqual([
      'Proof',
      'Comments',
    ]);
  });

  it('says what the online count counts', () => {
    const root = show(roomOf({}));
    const count = root.querySelector('[data-testid="users-online"]')?.parentElement;
    expect(count?.textContent).toBe('2 users online in this design review, you included');
  });
});

const sarah = { id: 'c1:sarah', name: 'Sarah Green', authorType: 'client' as const };
const tom = { id: 'c1:tom', name: 'Tom Birdie', authorType: 'client' as const };
const ann = { id: 'c1:ann', name: 'Ann Fairway', authorType: 'client' as const };

describe('who comes and goes in the quote room, for a screen reader', () => {
  const presence = (root: Element) => root.querySelector('[data-testid="presence-announcement"]');
  /** Lets `ms` pass on the fake clock, rendering what it brings. */
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('says who joined and left, politely, after the people settle; not the people the room opens with', () => {
    vi.useFakeTimers();
    // Before the join, then the join brings Robin (you), the shop and Sarah: not news.
    let root = show(roomOf({ connection: 'connecting', activeUsers: [], you: null }));
    root = show(roomOf({ activeUsers: [robin, shop, sarah] }));
    const region = presence(root);
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.className).toContain('sr-only');
    wait(PRESENCE_MAX_WAIT_MS);
    expect(region?.textContent).toBe('');

    // Tom joins: said once the people stay the same a moment.
    show(roomOf({ activeUsers: [robin, shop, sarah, tom] }));
    expect(presence(root)?.textContent).toBe('');
    wait(PRESENCE_QUIET_MS);
    expect(presence(root)?.textContent).toBe('Tom Birdie joined. 4 users online.');
    // A render that changes nobody (a comment arriving) says nothing new.
    show(roomOf({ activeUsers: [robin, shop, sarah, tom], annotations: [] }));
    wait(PRESENCE_QUIET_MS);
    expect(presence(root)?.textContent).toBe('Tom Birdie joined. 4 users online.');

    // Sarah leaves and the shop leaves, a moment apart: one sentence (in arrival order).
    show(roomOf({ activeUsers: [robin, shop, tom] }));
    wait(PRESENCE_QUIET_MS - 500);
    show(roomOf({ activeUsers: [robin, tom] }));
    wait(PRESENCE_QUIET_MS - 1);
    expect(presence(root)?.textContent).toBe('Tom Birdie joined. 4 users online.');
    wait(1);
    expect(presence(root)?.textContent).toBe('Shop (shop) and Sarah Green left. 2 users online.');

    // Ann joins and leaves again before it was said: nothing to say.
    show(roomOf({ activeUsers: [robin, tom, ann] }));
    wait(500);
    show(roomOf({ activeUsers: [robin, tom] }));
    wait(PRESENCE_MAX_WAIT_MS);
    expect(presence(root)?.textContent).toBe('Shop (shop) and Sarah Green left. 2 users online.');
  });

  it('says a busy room at most every few seconds, and nothing for the people a reconnection finds', () => {
    vi.useFakeTimers();
    const root = show(roomOf({ activeUsers: [robin] }));
    // Someone new every second: said at the longest wait, not put off for ever.
    const lee = { id: 'c1:lee', name: 'Lee Putt', authorType: 'client' as const };
    const crowd = [sarah, tom, ann, shop, lee];
    expect(PRESENCE_QUIET_MS).toBeGreaterThan(1000);
    expect(PRESENCE_MAX_WAIT_MS).toBe(crowd.length * 1000);
    for (let i = 0; i < crowd.length; i++) {
      expect(presence(root)?.textContent).toBe('');
      show(roomOf({ activeUsers: [robin, ...crowd.slice(0, i + 1)] }));
      wait(1000);
    }
    expect(presence(root)?.textContent).toBe('5 people joined. 6 users online.');

    // The connection drops; the room it finds again is not news.
    show(roomOf({ connection: 'reconnecting', activeUsers: [robin, sarah] }));
    expect(presence(root)?.textContent).toBe('');
    show(roomOf({ activeUsers: [robin, sarah] }));
    wait(PRESENCE_MAX_WAIT_MS);
    expect(presence(root)?.textContent).toBe('');
    show(roomOf({ activeUsers: [robin] }));
    wait(PRESENCE_QUIET_MS);
    expect(presence(root)?.textContent).toBe('Sarah Green left. 1 user online.');
  });

  it('words the sentence from the names in the presence list, never about the viewer', () => {
    expect(presenceNews([robin], [robin, sarah, tom, ann], 'r')).toBe(
      'Sarah Green, Tom Birdie, and Ann Fairway joined. 4 users online.',
    );
    expect(presenceNews([robin, sarah], [robin, tom], 'r')).toBe(
      'Tom Birdie joined; Sarah Green left. 2 users online.',
    );
    expect(presenceNews([sarah], [sarah, { ...tom, name: ' ' }], 'r')).toBe(
      'Someone joined. 2 users online.',
    );
    expect(presenceNews([sarah], [sarah, robin], 'r')).toBe('');
  });
});
