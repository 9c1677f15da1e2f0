/** The room's state changes per server message (back-office spec section 4: a new annotation goes to the front). */

import { describe, expect, it } from 'vitest';
import type {
  AnnotationView,
  QuoteRequestView,
  RevisionView,
} from '../../../shared/schemas/quote-desk';
import { type RoomState, reduceRoom } from './use-room';

const base: RoomState = {
  connection: 'connecting',
  quote: null,
  revisions: [],
  annotations: [],
  activeUsers: [],
  you: null,
  lastError: null,
};
const note = (id: number): AnnotationView => ({
  id,
  quoteId: 1,
  authorName: 'Robin',
  authorType: 'client',
  content: `note ${id}`,
  positionX: null,
  positionY: null,
  revisionNumber: null,
  annotationType: 'comment',
  status: 'active',
  parentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const revision = (n: number) => ({ id: n * 10, revisionNumber: n }) as RevisionView;

describe('reduceRoom', () => {
  it('connects on session_joined and puts new annotations at the front, once', () => {
    const joined = reduceRoom(base, {
      type: 'session_joined',
      quote: { id: 1 } as QuoteRequestView,
      revisions: [revision(1)],
      annotations: [note(1)],
      activeUsers: [{ id: 'a', name: 'Robin', authorType: 'client' }],
      you: { id: 'a', name: 'Robin', authorType: 'client' },
    });
    expect(joined.connection).toBe('connected');
    const next = reduceRoom(joined, { type: 'new_annotation', annotation: note(2) });
    expect(next.annotations.map((a) => a.id)).toEqual([2, 1]);
    expect(reduceRoom(next, { type: 'new_annotation', annotation: note(2) })).toBe(next);
    const revised = reduceRoom(next, { type: 'new_revision', revision: revision(2) });
    expect(revised.revisions.map((r) => r.revisionNumber)).toEqual([1, 2]);
  });

  it('takes the whole people list from user_joined/user_left and ends on an expired session', () => {
    const people = [{ id: 'b', name: 'Sam', authorType: 'client' as const }];
    expect(
      reduceRoom(base, { type: 'user_left', user: people[0]!, activeUsers: people }).activeUsers,
    ).toBe(people);
    const refused = reduceRoom(base, { type: 'error', message: 'Comment cannot be empty' });
    expect(refused).toMatchObject({
      lastError: 'Comment cannot be empty',
      connection: 'connecting',
    });
    expect(
      reduceRoom(base, { type: 'error', message: 'Session not found or expired' }).connection,
    ).toBe('ended');
  });
});
