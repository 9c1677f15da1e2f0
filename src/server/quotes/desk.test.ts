/**
 * The admin quote desk over app.inject: list (newest first, status filter, pages),
 * admin-only access, the quote amount (spec texts, cents, the customer's mail, status
 * quoted), mockup revisions (checked by content, numbered, mailed), and delete taking
 * annotations, sessions, revisions and files with it.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_DESK_MESSAGES } from '../../shared/schemas/quote-desk';
import {
  createLink,
  insertQuote,
  mockupForm,
  signInAdmin,
  uploadMockup,
} from '../collaboration/test-support';
import {
  files,
  mailOutbox,
  quoteAnnotations,
  quoteCollaborationSessions,
  quoteRequests,
  quoteRevisionHistory,
} from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/quote-requests', () => {
  it('lists newest first with a status filter and pages, for the admin only', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await insertQuote(t.db, {
          customerName: `List ${i}`,
          createdAt: new Date(Date.now() - (5 - i) * 60_000),
          status: i % 2 === 0 ? 'pending' : 'quoted',
        }),
      );
    }
    const page1 = await admin.get('/api/quote-requests?pageSize=2');
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(body.items.map((q: { id: number }) => q.id)).toEqual([ids[4], ids[3]]);
    const page3 = (await admin.get('/api/quote-requests?pageSize=2&page=3')).json();
    expect(page3.items.map((q: { id: number }) => q.id)).toEqual([ids[0]]);
    const quoted = (await admin.get('/api/quote-requests?status=quoted')).json();
    expect(quoted.total).toBe(2);
    expect(quoted.items.every((q: { status: string }) => q.status === 'quoted')).toBe(true);
    expect((await admin.get('/api/quote-requests?status=lost')).statusCode).toBe(400);
    expect((await admin.get('/api/quote-requests?page=0')).statusCode).toBe(400);

    const customer = new TestClient(t.app);
    await customer.post('/api/auth/register', {
      username: 'golfer',
      email: 'g@example.com',
      password: 'golfer-pass',
    });
    expect((await customer.get('/api/quote-requests')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/quote-requests')).statusCode).toBe(401);
    expect(
      (await customer.patch(`/api/quote-requests/${ids[0]}`, { quotedAmount: 5 })).statusCode,
    ).toBe(403);
    expect((await customer.delete(`/api/quote-requests/${ids[0]}`)).statusCode).toBe(403);
  });
});

describe('PATCH /api/quote-requests/{id}', () => {
  it('refuses amounts that are not above 0 with the spec text', async () => {
    const id = await insertQuote(t.db);
    for (const quotedAmount of [0, -5, 'abc', null]) {
      const res = await admin.patch(`/api/quote-requests/${id}`, { quotedAmount });
      expect(res.statusCode, String(quotedAmount)).toBe(400);
      expect(res.json().message).toBe(QUOTE_DESK_MESSAGES.invalidAmount);
    }
    const empty = await admin.patch(`/api/quote-requests/${id}`, {});
    expect(empty.json().message).toBe(QUOTE_DESK_MESSAGES.invalidAmount);
    expect(
      (await admin.patch(`/api/quote-requests/${id}`, { quotedAmount: 10.005 })).statusCode,
    ).toBe(400);
    expect((await admin.patch('/api/quote-requests/999999', { quotedAmount: 10 })).statusCode).toBe(
      404,
    );
  });

  it('stores the amount in cents, sets quoted and mails the customer; Update sends it again', async () => {
    const id = await insertQuote(t.db, { customerEmail: 'quote-me@example.com' });
    const res = await admin.patch(`/api/quote-requests/${id}`, {
      quotedAmount: 849.99,
      quotedNotes: ' Two colours ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'quoted',
      quotedAmount: 849.99,
      quotedNotes: 'Two colours',
    });
    const [row] = await t.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row!.quotedAmountCents).toBe(84999);
    const update = await admin.patch(`/api/quote-requests/${id}`, { quotedAmount: 900 });
    expect(update.json()).toMatchObject({ quotedAmount: 900, quotedNotes: null });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'quote-me@example.com'));
    expect(mails.map((m) => m.kind)).toEqual(['quote_sent', 'quote_sent']);
    expect(mails[0]!.textBody).toContain('$849.99');
    expect(mails[1]!.textBody).toContain('$900.00');
    // Status alone: only an approved quote may be completed.
    const bad = await admin.patch(`/api/quote-requests/${id}`, { status: 'completed' });
    expect(bad.statusCode).toBe(409);
    await t.db.update(quoteRequests).set({ status: 'approved' }).where(eq(quoteRequests.id, id));
    const done = await admin.patch(`/api/quote-requests/${id}`, { status: 'completed' });
    expect(done.json().status).toBe('completed');
  });
});

describe('mockup revisions', () => {
  it('numbers each upload, checks it by content and mails the customer the link', async () => {
    const id = await insertQuote(t.db, { customerEmail: 'mockups@example.com' });
    const link = await createLink(admin, id, { clientName: 'Mo', clientEmail: 'mo@example.com' });
    const first = await uploadMockup(admin, id, 'Crest in gold');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      revisionNumber: 1,
      notes: 'Crest in gold',
      authorType: 'admin',
      authorName: 'chief',
    });
    const second = await uploadMockup(admin, id, 'Red flag');
    expect(second.json().revisionNumber).toBe(2);
    const served = await admin.get(second.json().mockupUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const notImage = await mockupForm({}, Buffer.from('MZ this is not an image'));
    const refused = await admin.request({
      method: 'POST',
      url: `/api/quote-requests/${id}/revisions`,
      ...notImage,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Please upload a PNG, JPG, GIF, or SVG file.');
    const svg = await mockupForm(
      {},
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>',
      ),
    );
    const clean = await admin.request({
      method: 'POST',
      url: `/api/quote-requests/${id}/revisions`,
      ...svg,
    });
    expect(clean.statusCode).toBe(201);
    const svgText = (await admin.get(clean.json().mockupUrl)).body;
    expect(svgText).toContain('<circle');
    expect(svgText).not.toContain('script');
    const noFile = await admin.request({
      method: 'POST',
      url: `/api/quote-requests/${id}/revisions`,
      ...(await (async () => {
        const form = new FormData();
        form.append('notes', 'no file');
        const res = new Response(form);
        return {
          payload: Buffer.from(await res.arrayBuffer()),
          headers: { 'content-type': res.headers.get('content-type')! },
        };
      })()),
    });
    expect(noFile.statusCode).toBe(400);

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'mockups@example.com'));
    expect(mails.filter((m) => m.kind === 'mockup_ready')).toHaveLength(3);
    expect(mails[0]!.textBody).toContain(link.collaborationUrl);
    const detail = (await admin.get(`/api/quote-requests/${id}`)).json();
    expect(detail.revisions.map((r: { revisionNumber: number }) => r.revisionNumber)).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('DELETE /api/quote-requests/{id}', () => {
  it('removes the quote with its annotations, sessions, revisions and files', async () => {
    const id = await insertQuote(t.db);
    const other = await insertQuote(t.db);
    await createLink(admin, id);
    await createLink(admin, other);
    const revision = (await uploadMockup(admin, id)).json();
    await uploadMockup(admin, other);
    await t.db.insert(quoteAnnotations).values([
      { quoteId: id, authorName: 'A', authorEmail: 'a@example.com', content: 'one' },
      { quoteId: other, authorName: 'B', authorEmail: 'b@example.com', content: 'two' },
    ]);
    const fileId = revision.mockupUrl.split('/').pop();
    const res = await admin.delete(`/api/quote-requests/${id}`);
    expect(res.statusCode).toBe(200);
    for (const table of [quoteAnnotations, quoteCollaborationSessions, quoteRevisionHistory]) {
      expect(await t.db.select().from(table).where(eq(table.quoteId, id))).toEqual([]);
      expect((await t.db.select().from(table).where(eq(table.quoteId, other))).length).toBe(1);
    }
    expect(
      await t.db
        .select()
        .from(files)
        .where(inArray(files.id, [fileId])),
    ).toEqual([]);
    expect((await admin.delete(`/api/quote-requests/${id}`)).statusCode).toBe(404);
  });
});
