// @vitest-environment jsdom
/**
 * The quote room with a screen reader (an audit of 2026-11-27): a proof revision the shop
 * uploads while the client is in the room is announced ('New proof: revision N'; the
 * revisions the room opens with are not); 'Proof' and 'Comments' are headings (h2 under
 * the client page's h1, h5 under the admin card's h4); the online count says where.
 */
import type { QuoteRequestView, RevisionView } from '@shared/schemas/quote-desk';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, unmount } from '@/test/dom';
import type { RoomState } from '../use-room';
import { CollaborationRoom, type Room } from './collaboration-room';

let container: HTMLDivElement | undefined;
afterEach(async () => {
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
