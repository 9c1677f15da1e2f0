/**
 * POST /api/quote-requests over app.inject with real multipart bodies (built with the
 * platform FormData): stored row, stored logo (checked by content, SVG sanitised),
 * two held mails, validation messages, 413/415 and the rate limit.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDaysIso,
  earliestTodayIso,
  QUOTE_MESSAGES,
  QuoteRequestBody,
} from '../../shared/schemas/quotes';
import { files, mailOutbox, quoteRequests } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { multipartBody, TINY_PNG } from '../test/fixtures';

const VALID = {
  customerName: 'Jane Golfer',
  customerEmail: 'jane@example.com',
  customerPhone: '555-0100',
  companyName: 'Pebble Club',
  projectDescription: 'Club crest pins for our member-guest <b>tournament</b>',
  quantity: '100',
  pinType: 'pins',
  preferredSize: '1inch',
  additionalNotes: 'Gold plating if possible',
};

interface Logo {
  data: Buffer;
  name: string;
  type: string;
}

/** A multipart body (buffer + content-type) from text fields and an optional logo. */
const multipart = (fields: Record<string, string>, logo?: Logo) =>
  multipartBody(fields, logo ? { field: 'logo', ...logo } : undefined);

let t: TestApp;
let ipCounter = 0;

/** Posts a quote request from its own client address (the rate limit is per address). */
async function postQuote(fields: Record<string, string>, logo?: Logo, ip?: string) {
  ipCounter += 1;
  const body = await multipart(fields, logo);
  return t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    remoteAddress: ip ?? `10.0.0.${ipCounter}`,
    ...body,
  });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/quote-requests', () => {
  it('stores a valid request with a PNG logo, the file, and two held mails', async () => {
    const png = TINY_PNG;
    const deadline = addDaysIso(earliestTodayIso(), 30);
    const res = await postQuote(
      { ...VALID, deadlineDate: deadline },
      { data: png, name: 'crest.png', type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    const [row] = await t.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    expect(row).toMatchObject({
      customerName: 'Jane Golfer',
      customerEmail: 'jane@example.com',
      quantity: 100,
      pinType: 'pins',
      preferredSize: '1inch',
      deadlineDate: deadline,
      status: 'pending',
      logoFileName: 'crest.png',
    });
    expect(row!.logoUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]+$/);
    const served = await t.app.inject({ method: 'GET', url: row!.logoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const mails = await t.db.select().from(mailOutbox);
    const mine = mails.filter((m) => m.textBody.includes(`#${id}`));
    expect(mine.map((m) => m.kind).sort()).toEqual(['quote_confirmation', 'quote_notification']);
    const confirmation = mine.find((m) => m.kind === 'quote_confirmation')!;
    expect(confirmation.toAddress).toBe('jane@example.com');
    expect(confirmation.status).toBe('held');
    expect(confirmation.textBody).toContain('24 hours');
    expect(confirmation.htmlBody).toContain('&lt;b&gt;tournament&lt;/b&gt;');
    expect(confirmation.htmlBody).not.toContain('<b>tournament');
    const notification = mine.find((m) => m.kind === 'quote_notification')!;
    expect(notification.toAddress).toBe(t.config.STORE_EMAIL);
    // The desk's link is in both parts (a mail audit found it in the HTML only).
    expect(notification.textBody).toContain(
      `Open Quote Requests: ${t.config.publicUrl}/admin?section=quote-requests`,
    );
  });

  it('stores a request without a logo; optional fields empty; non-numeric quantity becomes 1', async () => {
    const res = await postQuote({
      customerName: 'Al',
      customerEmail: 'al@example.com',
      projectDescription: 'Ten characters at least',
      quantity: 'lots',
      pinType: 'coins',
      customerPhone: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, (res.json() as { id: number }).id));
    expect(row).toMatchObject({
      quantity: 1,
      pinType: 'coins',
      customerPhone: null,
      logoUrl: null,
      deadlineDate: null,
    });
  });

  it('stores an SVG logo sanitised: no script, no event handlers', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">
  <script>alert('x')</script>
  <circle cx="5" cy="5" r="4" fill="green" onclick="steal()"/>
  <a href="javascript:alert(2)"><text>hi</text></a>
</svg>`;
    const res = await postQuote(VALID, {
      data: Buffer.from(svg),
      name: 'logo.svg',
      type: 'image/svg+xml',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, (res.json() as { id: number }).id));
    const fileId = row!.logoUrl!.split('/').pop()!;
    const [file] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(file!.contentType).toBe('image/svg+xml');
    const stored = Buffer.from(file!.data, 'base64').toString('utf8');
    expect(stored).toContain('<circle');
    expect(stored).not.toMatch(/<script/i);
    expect(stored).not.toMatch(/\son\w+=/i);
    expect(stored).not.toMatch(/javascript:/i);
  });

  it('answers 415 for a .png name whose content is not an image, and stores nothing', async () => {
    const before = await t.db.select().from(quoteRequests);
    const res = await postQuote(VALID, {
      data: Buffer.from('MZ this is not an image at all'),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: QUOTE_MESSAGES.invalidFile });
    const html = await postQuote(VALID, {
      data: Buffer.from('<html><body><script>alert(1)</script></body></html>'),
      name: 'logo.svg',
      type: 'image/svg+xml',
    });
    expect(html.statusCode).toBe(415);
    expect(await t.db.select().from(quoteRequests)).toHaveLength(before.length);
  });

  it('answers 413 for a logo over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
    TINY_PNG.copy(big);
    const res = await postQuote(VALID, { data: big, name: 'big.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: QUOTE_MESSAGES.fileTooLarge });
  });

  it('answers 400 with each field message of the spec', async () => {
    const res = await postQuote({
      customerName: '  ',
      customerEmail: 'not-an-email',
      projectDescription: 'short',
      quantity: '0',
      pinType: 'hats',
      deadlineDate: addDaysIso(earliestTodayIso(), 5),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      customerName: QUOTE_MESSAGES.name,
      customerEmail: QUOTE_MESSAGES.email,
      projectDescription: QUOTE_MESSAGES.description,
      quantity: QUOTE_MESSAGES.quantity,
      pinType: QUOTE_MESSAGES.pinType,
      deadlineDate: QUOTE_MESSAGES.deadline,
    });
    expect(body.message).toBe(QUOTE_MESSAGES.name);

    const missing = await postQuote({});
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { errors: Record<string, string> }).errors).toMatchObject({
      customerName: expect.any(String),
      customerEmail: QUOTE_MESSAGES.email,
      pinType: QUOTE_MESSAGES.pinType,
    });
  });

  it('refuses control characters in text fields with 400', async () => {
    const res = await postQuote({ ...VALID, customerName: 'Bad\u0000Name' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a name with a line break (it goes into mail subjects): 400 naming the field', async () => {
    const before = (await t.db.select().from(quoteRequests)).length;
    const res = await postQuote({ ...VALID, customerName: 'Mallory\r\nBcc: x@evil.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ customerName: 'Must be on one line' });
    expect((await t.db.select().from(quoteRequests)).length).toBe(before);
  });

  it('answers 400, never 500, for a truncated body, a missing boundary or one over 256 characters (issue 11)', async () => {
    const before = (await t.db.select().from(quoteRequests)).length;
    const good = await multipart(VALID, { data: TINY_PNG, name: 'crest.png', type: 'image/png' });
    const boundary = /boundary=(.+)$/.exec(good.headers['content-type'])![1]!;
    const long = 'b'.repeat(300);
    const cases = [
      {
        payload: good.payload.subarray(0, good.payload.length - 40),
        ct: good.headers['content-type'],
      },
      { payload: good.payload, ct: 'multipart/form-data' },
      {
        payload: Buffer.from(good.payload.toString('latin1').replaceAll(boundary, long), 'latin1'),
        ct: `multipart/form-data; boundary=${long}`,
      },
    ];
    for (const [i, c] of cases.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quote-requests',
        remoteAddress: `10.8.0.${i + 1}`,
        headers: { 'content-type': c.ct },
        payload: c.payload,
      });
      expect(res.statusCode, `case ${i}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/form data/);
    }
    expect(await t.db.select().from(quoteRequests)).toHaveLength(before);
  });

  it('rate-limits one client address to QUOTE_RATE_LIMIT requests per 10 minutes (429)', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof postQuote>> | undefined;
    for (let i = 0; i < t.config.QUOTE_RATE_LIMIT + 1; i += 1) {
      last = await postQuote({}, undefined, ip);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The window is 10 minutes: the answer names the wait, not 'a moment'.
    const wait = Number(last!.headers['retry-after']);
    expect(wait).toBeGreaterThan(60);
    expect(last!.json().message).toBe(
      `Too many requests. Please try again in ${Math.ceil(wait / 60)} minutes.`,
    );
    const other = await postQuote({}, undefined, '10.9.9.10');
    expect(other.statusCode).toBe(400);
  });
});

describe('quote schema deadline', () => {
  it('accepts exactly 21 days from the earliest today and refuses 20', () => {
    const base = { ...VALID };
    const ok = QuoteRequestBody.safeParse({
      ...base,
      deadlineDate: addDaysIso(earliestTodayIso(), 21),
    });
    expect(ok.success).toBe(true);
    const early = QuoteRequestBody.safeParse({
      ...base,
      deadlineDate: addDaysIso(earliestTodayIso(), 20),
    });
    expect(early.success).toBe(false);
    const bad = QuoteRequestBody.safeParse({ ...base, deadlineDate: '2099-02-30' });
    expect(bad.success).toBe(false);
  });
});
