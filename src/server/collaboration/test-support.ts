/**
 * Test helpers for the collaboration room: a quote row, an admin client, a
 * collaboration link, and `RoomClient`, a real WebSocket client (the `ws` package) that
 * records every message and waits for the one a test expects.
 */
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ServerMessage } from '../../shared/schemas/quote-desk';
import { bootstrapAdmin } from '../accounts/bootstrap';
import type { Db } from '../db/client';
import { quoteRequests } from '../db/schema';
import { TestClient } from '../test/app';
import { TINY_PNG } from '../test/fixtures';

const quietLog = { info: () => {}, warn: () => {} };

/** Inserts a pending quote request; returns its id. */
export async function insertQuote(
  db: Db,
  values: Partial<typeof quoteRequests.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(quoteRequests)
    .values({
      customerName: 'Robin Links',
      customerEmail: 'robin@example.com',
      projectDescription: 'Member-guest pins with the club crest',
      quantity: 200,
      ...values,
    })
    .returning({ id: quoteRequests.id });
  return row!.id;
}

/** Creates (once) and signs in the admin `chief`; returns its client. */
export async function signInAdmin(app: FastifyInstance, db: Db): Promise<TestClient> {
  await bootstrapAdmin(db, { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-pass' }, quietLog);
  const admin = new TestClient(app);
  const res = await admin.post('/api/auth/login', { username: 'chief', password: 'chief-pass' });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return admin;
}

/** POST /api/collaboration/session as the admin; returns the token and the answer. */
export async function createLink(
  admin: TestClient,
  quoteId: number,
  client = { clientName: 'Robin Links', clientEmail: 'robin@example.com' },
) {
  const res = await admin.post('/api/collaboration/session', { quoteId, ...client });
  if (res.statusCode !== 201) throw new Error(`link failed: ${res.body}`);
  const body = res.json() as { id: number; collaborationUrl: string };
  return { ...body, token: body.collaborationUrl.split('/').pop()! };
}

/** A multipart body with a mockup file and optional text fields. */
export async function mockupForm(fields: Record<string, string> = {}, data: Buffer = TINY_PNG) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('mockup', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'mockup.png');
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

/** Uploads a mockup revision as the admin; returns the status and body. */
export async function uploadMockup(admin: TestClient, quoteId: number, notes = 'First proof') {
  const body = await mockupForm({ notes });
  return admin.request({
    method: 'POST',
    url: `/api/quote-requests/${quoteId}/revisions`,
    payload: body.payload,
    headers: body.headers,
  });
}

/** The ws:// base of a listening app. */
export async function wsBase(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (!address || typeof address !== 'object') {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return wsBase(app);
  }
  return `ws://127.0.0.1:${address.port}`;
}

type Msg = ServerMessage & Record<string, unknown>;

/** A WebSocket client for tests: keeps every message, waits for the one wanted. */
export class RoomClient {
  readonly messages: Msg[] = [];
  private waiters: { test: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  closed = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Msg;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    socket.on('close', () => {
      this.closed = true;
    });
  }

  static async open(base: string, headers: Record<string, string> = {}): Promise<RoomClient> {
    const socket = new WebSocket(`${base}/ws`, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RoomClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  /**
   * The first message (already received or arriving within `timeoutMs`) of `type` that
   * passes `test`; messages already returned by an earlier `next` are not returned again.
   */
  next<T extends Msg['type']>(
    type: T,
    test: (m: Extract<Msg, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<Msg, { type: T }>> {
    const match = (m: Msg) =>
      m.type === type && !this.taken.has(m) && test(m as Extract<Msg, { type: T }>);
    const found = this.messages.find(match);
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found as Extract<Msg, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(
            `no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.map((m) => (m.type === 'error' ? m : m.type)))}`,
          ),
        );
      }, timeoutMs);
      const done = (m: Msg) => {
        clearTimeout(timer);
        this.taken.add(m);
        resolve(m as Extract<Msg, { type: T }>);
      };
      this.waiters.push({ test: match, resolve: done });
    });
  }

  private readonly taken = new Set<Msg>();

  /** Joins with a token (client) or, without one, as the signed-in admin of `headers`. */
  async join(quoteId: number, token?: string, authorName?: string) {
    this.send({
      type: 'session_join',
      quoteId,
      timestamp: Date.now(),
      ...(token ? { sessionToken: token } : {}),
      ...(authorName ? { authorName } : {}),
    });
    return this.next('session_joined');
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
