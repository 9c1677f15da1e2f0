/**
 * Collaboration links, the bearer-token quote call and the WebSocket room on one app
 * (PGlite, and PostgreSQL with TEST_DATABASE_URL): bad, expired and deactivated tokens;
 * a token for quote A cannot read quote B or join its room; empty, oversized, binary and
 * malformed messages are refused with an error and the connection survives; the
 * annotation rules; a flood is throttled; pins, threads, presence; approval once and
 * only for the latest proof.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedCustomOrder } from '../../shared/schemas/custom-orders';
import { QUOTE_DESK_MESSAGES, WS_MESSAGE_MAX_BYTES } from '../../shared/schemas/quote-desk';
import { payFor, placeCustomOrder } from '../custom-orders/test-support';
import {
  customOrders,
  mailOutbox,
  quoteAnnotations,
  quoteCollaborationPresence,
  quoteCollaborationSessions,
  quoteRequests,
} from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { WS_HARD_MAX_BYTES } from './hub';
import {
  createLink,
  insertQuote,
  RoomClient,
  signInAdmin,
  uploadMockup,
  wsBase,
} from './test-support';

let t: TestApp;
let admin: TestClient;
let base: string;
const sockets: RoomClient[] = [];

async function open(headers: Record<string, string> = {}) {
  const client = await RoomClient.open(base, headers);
  sockets.push(client);
  return client;
}

/** A quoted quote with one mockup and a link; returns ids and the token. */
async function quotedQuote(amount = 850) {
  const quoteId = await insertQuote(t.db);
  expect(
    (await admin.patch(`/api/quote-requests/${quoteId}`, { quotedAmount: amount })).statusCode,
  ).toBe(200);
  expect((await uploadMockup(admin, quoteId)).statusCode).toBe(201);
  const link = await createLink(admin, quoteId);
  return { quoteId, ...link };
}

beforeAll(async () => {
  t = await createTestApp({ env: { COLLAB_MESSAGE_RATE_LIMIT: '30' } });
  admin = await signInAdmin(t.app, t.db);
  base = await wsBase(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

describe('collaboration links', () => {
  it('are created by the admin only, with the spec validation texts and a mail', async () => {
    const quoteId = await insertQuote(t.db);
    const anonymous = new TestClient(t.app);
    expect(
      (
        await anonymous.post('/api/collaboration/session', {
          quoteId,
          clientName: 'A',
          clientEmail: 'a@example.com',
        })
      ).statusCode,
    ).toBe(401);

    const empty = await admin.post('/api/collaboration/session', {
      quoteId,
      clientName: '  ',
      clientEmail: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      clientName: QUOTE_DESK_MESSAGES.clientName,
      clientEmail: QUOTE_DESK_MESSAGES.clientEmail,
    });
    expect(
      (
        await admin.post('/api/collaboration/session', {
          quoteId: 999999,
          clientName: 'A',
          clientEmail: 'a@example.com',
        })
      ).statusCode,
    ).toBe(404);

    const res = await admin.post('/api/collaboration/session', {
      quoteId,
      clientName: 'Robin',
      clientEmail: 'robin@example.com',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.collaborationUrl).toMatch(
      new RegExp(`^${t.config.publicUrl}/quote-collaboration/[A-Za-z0-9_-]{43}$`),
    );
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'collaboration_link'));
    expect(
      mails.some(
        (m) => m.toAddress === 'robin@example.com' && m.textBody.includes(body.collaborationUrl),
      ),
    ).toBe(true);

    const info = await anonymous.get(
      `/api/collaboration/session/${body.collaborationUrl.split('/').pop()}`,
    );
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ quoteId, clientName: 'Robin' });
  });

  it('refuse bad, expired and deactivated tokens', async () => {
    const quoteId = await insertQuote(t.db);
    const expired = await createLink(admin, quoteId);
    await t.db
      .update(quoteCollaborationSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quoteCollaborationSessions.id, expired.id));
    const revoked = await createLink(admin, quoteId);
    expect(
      (await admin.post(`/api/collaboration/session/${revoked.id}/deactivate`)).json().isActive,
    ).toBe(false);
    const anonymous = new TestClient(t.app);
    for (const token of ['nope', 'A'.repeat(43), expired.token, revoked.token]) {
      const res = await anonymous.get(`/api/collaboration/session/${token}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(QUOTE_DESK_MESSAGES.sessionNotFound);
      const quote = await anonymous.request({
        method: 'GET',
        url: `/api/quote-requests/${quoteId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(quote.statusCode, token).toBe(401);
    }
  });

  it('give the bearer that quote only; the admin sees every quote with its links', async () => {
    const a = await insertQuote(t.db, { customerName: 'Quote A' });
    const b = await insertQuote(t.db, { customerName: 'Quote B' });
    const link = await createLink(admin, a);
    const anonymous = new TestClient(t.app);
    const bearer = (id: number) =>
      anonymous.request({
        method: 'GET',
        url: `/api/quote-requests/${id}`,
        headers: { authorization: `Bearer ${link.token}` },
      });
    const own = await bearer(a);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: a, customerName: 'Quote A', revisions: [] });
    expect(own.json().sessions).toBeUndefined();
    expect((await bearer(b)).statusCode).toBe(403);
    expect((await anonymous.get(`/api/quote-requests/${a}`)).statusCode).toBe(401);
    const listByBearer = await anonymous.request({
      method: 'GET',
      url: '/api/quote-requests',
      headers: { authorization: `Bearer ${link.token}` },
    });
    expect(listByBearer.statusCode).toBe(401);
    const asAdmin = await admin.get(`/api/quote-requests/${a}`);
    expect(asAdmin.json().sessions).toHaveLength(1);
    expect(asAdmin.json().sessions[0].collaborationUrl).toContain(link.token);
  });
});

describe('the room over WebSocket', () => {
  it('refuses bad tokens and another quote, and the connection survives', async () => {
    const a = await insertQuote(t.db);
    const b = await insertQuote(t.db);
    const link = await createLink(admin, a);
    const ws = await open();
    ws.send({ type: 'session_join', sessionToken: 'A'.repeat(43), quoteId: a });
    expect((await ws.next('error')).message).toBe(QUOTE_DESK_MESSAGES.sessionNotFound);
    ws.send({ type: 'session_join', sessionToken: link.token, quoteId: b });
    expect((await ws.next('error')).message).toBe('This collaboration link is for another quote');
    ws.send({ type: 'session_join', quoteId: b });
    expect((await ws.next('error')).message).toBe(QUOTE_DESK_MESSAGES.invalidLink);
    ws.send({ type: 'annotation', content: 'hello' });
    expect((await ws.next('error')).message).toBe('Join the session before sending comments');
    const joined = await ws.join(a, link.token);
    expect(joined.quote.id).toBe(a);
    expect(joined.activeUsers).toEqual([
      { id: expect.any(String), name: 'Robin Links', authorType: 'client' },
    ]);
  });

  it('refuses empty, oversized, binary and malformed messages with a clear error and stays open', async () => {
    const { quoteId, token } = await quotedQuote();
    const ws = await open();
    await ws.join(quoteId, token);
    const cases: [string | Buffer, boolean, string][] = [
      ['', false, 'Empty message'],
      ['x'.repeat(WS_MESSAGE_MAX_BYTES + 1), false, 'Message is too large (at most 8 KB)'],
      [Buffer.from([1, 2, 3]), true, 'Messages must be JSON text'],
      ['{not json', false, 'Messages must be JSON objects'],
      ['[]', false, 'Invalid input'],
      [JSON.stringify({ type: 'dance' }), false, 'Unknown message type'],
      [
        JSON.stringify({ type: 'annotation', content: 'a\u0000b' }),
        false,
        'Invalid characters in input',
      ],
    ];
    for (const [data, binary, message] of cases) {
      ws.sendRaw(data, binary);
      const error = await ws.next('error');
      expect(error.message).toMatch(
        message === 'Invalid input' ? /./ : new RegExp(`^${message.replace(/[().]/g, '\\$&')}$`),
      );
    }
    ws.send({ type: 'annotation', content: '   ' });
    expect((await ws.next('error')).message).toBe(QUOTE_DESK_MESSAGES.commentEmpty);
    ws.send({ type: 'annotation', content: 'x'.repeat(2001) });
    expect((await ws.next('error')).message).toBe('Comment must be at most 2000 characters');
    ws.send({ type: 'annotation', content: 'pin', positionX: 0.5 });
    expect((await ws.next('error')).message).toBe('A pin needs both positionX and positionY');
    ws.send({
      type: 'annotation',
      content: 'pin',
      positionX: 1.5,
      positionY: 0.5,
      revisionNumber: 1,
    });
    expect((await ws.next('error')).message).toBe('Position must be on the image');
    ws.send({ type: 'annotation', content: 'pin', annotationType: 'praise' });
    expect((await ws.next('error')).message).toBe('Unknown annotation type');
    expect(ws.closed).toBe(false);
    ws.send({
      type: 'annotation',
      content: '<b>Still here</b>',
      annotationType: 'comment',
      authorType: 'admin',
    });
    const stored = await ws.next('new_annotation');
    // Text is stored as typed (never rendered as HTML) and the author type is the server's.
    expect(stored.annotation).toMatchObject({
      content: '<b>Still here</b>',
      authorType: 'client',
      authorName: 'Robin Links',
    });
    // A 70 KB message is answered too (an audit saw the socket closed at 64 KB)...
    ws.sendRaw('y'.repeat(70 * 1024));
    expect((await ws.next('error')).message).toBe('Message is too large (at most 8 KB)');
    expect(ws.closed).toBe(false);
    // ...ws closes only frames past its hard limit, the HTTP body limit (1009).
    const big = await open();
    big.sendRaw('y'.repeat(WS_HARD_MAX_BYTES + 1));
    await expect.poll(() => big.closed).toBe(true);
  });

  it('answers the sender of an annotation by its clientMessageId: saved, or refused and why', async () => {
    const { quoteId, token } = await quotedQuote();
    const ws = await open();
    await ws.join(quoteId, token);
    ws.send({ type: 'annotation', content: 'Looks good', clientMessageId: 'm1' });
    const saved = await ws.next('annotation_saved');
    expect(saved).toMatchObject({ clientMessageId: 'm1', annotation: { content: 'Looks good' } });
    // Pasted text with a vertical tab, an empty comment, a change request to a missing proof.
    ws.send({
      type: 'annotation',
      content: 'Pantone 348\u000bfor the flag',
      clientMessageId: 'm2',
    });
    ws.send({ type: 'annotation', content: '   ', clientMessageId: 'm3' });
    ws.send({
      type: 'annotation',
      content: 'Change it',
      annotationType: 'revision_request',
      revisionNumber: 9,
      clientMessageId: 'm4',
    });
    const refusals = [
      await ws.next('error', (m) => m.clientMessageId === 'm2'),
      await ws.next('error', (m) => m.clientMessageId === 'm3'),
      await ws.next('error', (m) => m.clientMessageId === 'm4'),
    ];
    expect(refusals.map((m) => m.message)).toEqual([
      'Invalid characters in input',
      QUOTE_DESK_MESSAGES.commentEmpty,
      'That proof does not exist',
    ]);
    expect(ws.messages.filter((m) => m.type === 'annotation_saved')).toHaveLength(1);
  });

  it('throttles a message flood per connection', async () => {
    const { quoteId, token } = await quotedQuote();
    const ws = await open();
    await ws.join(quoteId, token);
    const sent = 200;
    const startedAt = Date.now();
    for (let i = 0; i < sent; i += 1)
      ws.send({ type: 'annotation', content: `flood ${i}`, clientMessageId: `f${i}` });
    // Each message gets exactly one answer to its sender, naming it: saved or refused.
    const answers = () =>
      ws.messages.filter((m) => m.type === 'error' || m.type === 'annotation_saved');
    await expect.poll(() => answers().length, { timeout: 20_000 }).toBe(sent);
    const named = answers().map((m) => m.clientMessageId);
    expect(new Set(named)).toEqual(new Set(Array.from({ length: sent }, (_, i) => `f${i}`)));
    const seconds = (Date.now() - startedAt) / 1000;
    const stored = await t.db
      .select()
      .from(quoteAnnotations)
      .where(eq(quoteAnnotations.quoteId, quoteId));
    const refused = ws.messages.filter((m) => m.type === 'error');
    // Bucket of 30 (COLLAB_MESSAGE_RATE_LIMIT) less the join's token, refilled at 3 per second.
    expect(stored.length).toBeGreaterThanOrEqual(29);
    expect(stored.length).toBeLessThanOrEqual(29 + Math.ceil(3 * seconds) + 1);
    expect(refused.length).toBe(sent - stored.length);
    expect(ws.messages.filter((m) => m.type === 'annotation_saved')).toHaveLength(stored.length);
    expect(new Set(refused.map((m) => m.message))).toEqual(
      new Set(['Too many messages. Please slow down.']),
    );
    expect(ws.closed).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    ws.send({ type: 'annotation', content: 'after the flood' });
    await ws.next('new_annotation', (m) => m.annotation.content === 'after the flood');
  });

  it('shares pins, threaded replies, presence and the admin live', async () => {
    const { quoteId, token } = await quotedQuote();
    const robin = await open();
    const first = await robin.join(quoteId, token);
    const sam = await open();
    const samJoined = await sam.join(quoteId, token, 'Sam Caddie');
    expect(samJoined.activeUsers.map((u) => u.name)).toEqual(['Robin Links', 'Sam Caddie']);
    const seen = await robin.next('user_joined');
    expect(seen.user.name).toBe('Sam Caddie');
    expect(seen.activeUsers).toHaveLength(2);
    expect(first.revisions).toHaveLength(1);

    sam.send({
      type: 'annotation',
      content: 'Make the flag red',
      positionX: 0.25,
      positionY: 0.75,
      revisionNumber: 1,
    });
    const pin = await robin.next('new_annotation');
    expect(pin.annotation).toMatchObject({
      authorName: 'Sam Caddie',
      positionX: 0.25,
      positionY: 0.75,
      revisionNumber: 1,
      parentId: null,
    });
    robin.send({ type: 'annotation', content: 'Agreed', parentId: pin.annotation.id });
    const reply = await sam.next('new_annotation', (m) => m.annotation.content === 'Agreed');
    expect(reply.annotation.parentId).toBe(pin.annotation.id);
    sam.send({ type: 'annotation', content: 'Reply to the reply', parentId: reply.annotation.id });
    const nested = await robin.next(
      'new_annotation',
      (m) => m.annotation.content === 'Reply to the reply',
    );
    expect(nested.annotation.parentId).toBe(pin.annotation.id);
    sam.send({
      type: 'annotation',
      content: 'pin',
      positionX: 0.1,
      positionY: 0.1,
      revisionNumber: 7,
    });
    expect((await sam.next('error')).message).toBe('That proof does not exist');

    // The admin joins with the session cookie as authorType admin; a page on another site cannot.
    const foreign = await open({ cookie: admin.cookie, origin: 'https://evil.example' });
    foreign.send({ type: 'session_join', quoteId });
    expect((await foreign.next('error')).message).toBe(QUOTE_DESK_MESSAGES.invalidLink);
    const shop = await open({ cookie: admin.cookie, origin: t.config.publicUrl });
    const shopJoined = await shop.join(quoteId);
    expect(shopJoined.you).toMatchObject({ name: 'chief', authorType: 'admin' });
    expect(shopJoined.annotations.map((a) => a.content)).toEqual([
      'Reply to the reply',
      'Agreed',
      'Make the flag red',
    ]);
    shop.send({ type: 'annotation', content: 'Red it is' });
    expect(
      (await robin.next('new_annotation', (m) => m.annotation.content === 'Red it is')).annotation
        .authorType,
    ).toBe('admin');
    expect(
      (await robin.next('user_joined', (m) => m.user.authorType === 'admin')).activeUsers,
    ).toHaveLength(3);

    // A second tab of the same person is no new user; closing one of two tabs is no departure.
    const robinTab = await open();
    await robinTab.join(quoteId, token);
    await robinTab.close();
    await sam.close();
    const left = await robin.next('user_left');
    expect(left.user.name).toBe('Sam Caddie');
    expect(left.activeUsers.map((u) => u.name)).toEqual(['Robin Links', 'chief']);
    expect(robin.messages.filter((m) => m.type === 'user_left')).toHaveLength(1);
    // Robin's second tab and Sam are gone from the presence table (removed as their sockets closed).
    const rows = () =>
      t.db
        .select()
        .from(quoteCollaborationPresence)
        .where(eq(quoteCollaborationPresence.quoteId, quoteId));
    await expect
      .poll(async () => (await rows()).map((r) => r.userName).sort())
      .toEqual(['Robin Links', 'chief']);
  });

  it('drops the connections of a deactivated link', async () => {
    const { quoteId, token, id } = await quotedQuote();
    const ws = await open();
    await ws.join(quoteId, token);
    await admin.post(`/api/collaboration/session/${id}/deactivate`);
    expect((await ws.next('error')).message).toBe(QUOTE_DESK_MESSAGES.sessionNotFound);
    ws.send({ type: 'annotation', content: 'still there?' });
    expect((await ws.next('error')).message).toBe('Join the session before sending comments');
    expect(ws.closed).toBe(false);
  });
});

describe('when the right to the room ends while the socket is open', () => {
  it('an admin who signed out can no longer post or join on that socket; it is closed', async () => {
    const { quoteId, token } = await quotedQuote();
    const desk = await signInAdmin(t.app, t.db);
    const shop = await open({ cookie: desk.cookie, origin: t.config.publicUrl });
    await shop.join(quoteId);
    const robin = await open();
    await robin.join(quoteId, token);
    expect((await desk.post('/api/auth/logout')).statusCode).toBe(200);
    shop.send({ type: 'annotation', content: 'Posted after signing out' });
    expect((await shop.next('error')).message).toBe(QUOTE_DESK_MESSAGES.sessionNotFound);
    await expect.poll(() => shop.closed).toBe(true);
    const stored = await t.db
      .select()
      .from(quoteAnnotations)
      .where(eq(quoteAnnotations.content, 'Posted after signing out'));
    expect(stored).toHaveLength(0);

    // Joining on a socket opened before the sign-out is refused the same way.
    const second = await signInAdmin(t.app, t.db);
    const early = await open({ cookie: second.cookie, origin: t.config.publicUrl });
    expect((await second.post('/api/auth/logout')).statusCode).toBe(200);
    early.send({ type: 'session_join', quoteId });
    expect((await early.next('error')).message).toBe(QUOTE_DESK_MESSAGES.sessionNotFound);
    await expect.poll(() => early.closed).toBe(true);
    expect(early.messages.some((m) => m.type === 'session_joined')).toBe(false);
  });

  it('an idle socket stops receiving the room once its link expires or its admin signs out', async () => {
    // A fast presence tick (a third of the TTL) is when open sockets are checked.
    const fast = await createTestApp({ env: { COLLAB_PRESENCE_TTL_SECONDS: '0.6' } });
    const fastSockets: RoomClient[] = [];
    try {
      const desk = await signInAdmin(fast.app, fast.db);
      const fastBase = await wsBase(fast.app);
      const quoteId = await insertQuote(fast.db);
      const { token } = await createLink(desk, quoteId);
      const ending = await createLink(desk, quoteId, {
        clientName: 'Short Link',
        clientEmail: 'short@example.com',
      });
      await fast.db
        .update(quoteCollaborationSessions)
        .set({ expiresAt: new Date(Date.now() + 1500) })
        .where(eq(quoteCollaborationSessions.id, ending.id));
      const connect = async (headers: Record<string, string> = {}) => {
        const c = await RoomClient.open(fastBase, headers);
        fastSockets.push(c);
        return c;
      };
      const shop = await connect({ cookie: desk.cookie, origin: fast.config.publicUrl });
      await shop.join(quoteId);
      const short = await connect();
      await short.join(quoteId, ending.token);
      const robin = await connect();
      await robin.join(quoteId, token);

      // The short link expires: its socket is told and leaves the room.
      expect((await short.next('error', () => true, 5000)).message).toBe(
        QUOTE_DESK_MESSAGES.sessionNotFound,
      );
      // The admin signs out: the socket is told and closed without posting anything.
      expect((await desk.post('/api/auth/logout')).statusCode).toBe(200);
      expect((await shop.next('error', () => true, 5000)).message).toBe(
        QUOTE_DESK_MESSAGES.sessionNotFound,
      );
      await expect.poll(() => shop.closed).toBe(true);

      robin.send({ type: 'annotation', content: 'After they left' });
      await robin.next('new_annotation', (m) => m.annotation.content === 'After they left');
      await new Promise((r) => setTimeout(r, 300));
      const saw = (c: RoomClient) =>
        c.messages.some(
          (m) => m.type === 'new_annotation' && m.annotation.content === 'After they left',
        );
      expect(saw(short)).toBe(false);
      expect(saw(shop)).toBe(false);
    } finally {
      await Promise.all(fastSockets.map((s) => s.close()));
      await fast.close();
    }
  });
});

describe('approval', () => {
  it('needs a quote, approves the latest proof once, and mails the shop', async () => {
    const quoteId = await insertQuote(t.db);
    const link = await createLink(admin, quoteId);
    const ws = await open();
    await ws.join(quoteId, link.token);
    expect((await uploadMockup(admin, quoteId, 'v1')).statusCode).toBe(201);
    expect((await ws.next('new_revision')).revision.revisionNumber).toBe(1);
    ws.send({
      type: 'annotation',
      content: 'Approved',
      annotationType: 'approval',
      revisionNumber: 1,
      quotedAmount: 1234.5,
    });
    expect((await ws.next('error')).message).toBe('The shop has not sent a quote amount yet');

    await admin.patch(`/api/quote-requests/${quoteId}`, {
      quotedAmount: 1234.5,
      quotedNotes: 'Two colours',
    });
    const updated = await ws.next('quote_updated');
    expect(updated.quote).toMatchObject({ status: 'quoted', quotedAmount: 1234.5 });
    expect((await uploadMockup(admin, quoteId, 'v2')).statusCode).toBe(201);
    await ws.next('new_revision', (m) => m.revision.revisionNumber === 2);
    ws.send({
      type: 'annotation',
      content: 'Approved',
      annotationType: 'approval',
      revisionNumber: 1,
      quotedAmount: 1234.5,
    });
    expect((await ws.next('error')).message).toBe(
      'This proof is out of date: revision 2 is the latest',
    );
    ws.send({
      type: 'annotation',
      content: 'Approved',
      annotationType: 'approval',
      quotedAmount: 1234.5,
    });
    expect((await ws.next('error')).message).toBe('Choose the proof to approve');
    // The client approves the amount they read: none named, or another, is refused.
    ws.send({
      type: 'annotation',
      content: 'Approved',
      annotationType: 'approval',
      revisionNumber: 2,
    });
    expect((await ws.next('error')).message).toBe('Approve the quoted amount you were shown');
    ws.send({
      type: 'annotation',
      content: 'Approved',
      annotationType: 'approval',
      revisionNumber: 2,
      quotedAmount: 300,
    });
    expect((await ws.next('error')).message).toBe(
      'The quoted amount is now $1,234.50: please check it before approving',
    );

    const shop = await open({ cookie: admin.cookie });
    await shop.join(quoteId);
    shop.send({
      type: 'annotation',
      content: 'I approve',
      annotationType: 'approval',
      revisionNumber: 2,
      quotedAmount: 1234.5,
    });
    expect((await shop.next('error')).message).toBe('Only the client can approve the proof');

    ws.send({
      type: 'annotation',
      content: 'Looks great',
      annotationType: 'approval',
      revisionNumber: 2,
      quotedAmount: 1234.5,
    });
    const approval = await ws.next('new_annotation');
    expect(approval.annotation).toMatchObject({ annotationType: 'approval', revisionNumber: 2 });
    const approved = await shop.next('quote_updated', (m) => m.quote.status === 'approved');
    expect(approved.quote.approvedRevision).toBe(2);
    ws.send({
      type: 'annotation',
      content: 'Again',
      annotationType: 'approval',
      revisionNumber: 2,
      quotedAmount: 1234.5,
    });
    expect((await ws.next('error')).message).toBe('This proof is already approved');
    ws.send({ type: 'annotation', content: 'One more change', annotationType: 'revision_request' });
    expect((await ws.next('error')).message).toBe('This proof is already approved');
    const [quote] = await t.db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteId));
    expect(quote).toMatchObject({
      status: 'approved',
      approvedRevision: 2,
      quotedAmountCents: 123450,
    });
    const alerts = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'quote_approved_alert'));
    expect(alerts.filter((m) => m.subject.includes(`#${quoteId} `))).toHaveLength(1);
    // The amount cannot change and no new proof can be uploaded after approval.
    expect(
      (await admin.patch(`/api/quote-requests/${quoteId}`, { quotedAmount: 1 })).statusCode,
    ).toBe(409);
    expect((await uploadMockup(admin, quoteId, 'v3')).statusCode).toBe(409);
  });

  it("offers 'Pay deposit' after approval: the quoted amount through the wizard's deposit path", async () => {
    const { quoteId, token } = await quotedQuote(1234.5);
    const client = new TestClient(t.app);
    const deposit = (tok: string) =>
      client.post(`/api/collaboration/session/${encodeURIComponent(tok)}/deposit`, {});
    expect((await deposit('not-a-token')).statusCode).toBe(404);
    const early = await deposit(token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QUOTE_DESK_MESSAGES.notApproved);

    const ws = await open();
    await ws.join(quoteId, token);
    ws.send({
      type: 'annotation',
      content: 'Approved',
      annotationType: 'approval',
      revisionNumber: 1,
      quotedAmount: 1234.5,
    });
    await ws.next('quote_updated', (m) => m.quote.status === 'approved');

    const res = await deposit(token);
    expect(res.statusCode, res.body).toBe(201);
    const prepared = res.json<PreparedCustomOrder>();
    expect(prepared).toMatchObject({
      quantity: 200,
      totalPrice: 1234.5,
      depositAmount: 123.45,
      remainingBalance: 1111.05,
      discountAmount: 0,
    });
    expect(prepared.pinDesigns).toEqual([
      expect.objectContaining({ name: 'Approved proof, revision 1', quantity: 200 }),
    ]);
    expect(prepared.pinDesigns[0]!.imageUrl).toMatch(/^\/api\/files\//);
    // Asking again before paying gives the same prepared order.
    expect((await deposit(token)).json().preparedOrderId).toBe(prepared.preparedOrderId);

    // Paid like a wizard order: the deposit captured, then the custom order once.
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    const placed = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await t.db
      .select()
      .from(customOrders)
      .where(eq(customOrders.quoteRequestId, quoteId));
    // The design was approved in the room: the order starts approved (no mockup to come),
    // the quote is completed, and the deposit mail says so.
    expect(order).toMatchObject({
      depositCents: 12345,
      totalPriceCents: 123450,
      status: 'approved',
    });
    const [quoteNow] = await t.db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteId));
    expect(quoteNow!.status).toBe('completed');
    const depositMail = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'deposit_received'))
    ).find((m) => m.subject.includes(`custom order #${order!.id}`));
    expect(depositMail!.textBody).toContain('for the design you approved');
    expect(depositMail!.textBody).not.toContain('will send your mockup');
    const again = await deposit(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This quote is already custom order #${order!.id}.`);

    // Deleting the quote keeps what the paid order shows: its design image (and logo).
    const design = order!.pinDesigns[0]!.imageUrl!;
    expect((await admin.get(design)).statusCode).toBe(200);
    expect((await admin.delete(`/api/quote-requests/${quoteId}`)).statusCode).toBe(200);
    expect((await admin.get(design)).statusCode).toBe(200);
    if (order!.logoUrl?.startsWith('/api/files/')) {
      expect((await admin.get(order!.logoUrl)).statusCode).toBe(200);
    }
  });

  it('stores one approval when two arrive at once', async () => {
    const { quoteId, token } = await quotedQuote();
    const [a, b] = await Promise.all([open(), open()]);
    await a.join(quoteId, token);
    await b.join(quoteId, token, 'Second Reviewer');
    const approve = {
      type: 'annotation',
      content: 'Yes',
      annotationType: 'approval',
      revisionNumber: 1,
      quotedAmount: 850,
    };
    a.send(approve);
    b.send(approve);
    await Promise.all([a.next('quote_updated'), b.next('quote_updated')]);
    // The refused one answers with an error (it may come after the broadcasts).
    const errors = () => [...a.messages, ...b.messages].filter((m) => m.type === 'error');
    await expect
      .poll(() => errors().map((e) => e.message))
      .toEqual(['This proof is already approved']);
    const approvals = await t.db
      .select()
      .from(quoteAnnotations)
      .where(
        and(eq(quoteAnnotations.quoteId, quoteId), eq(quoteAnnotations.annotationType, 'approval')),
      );
    expect(approvals).toHaveLength(1);
  });
});
