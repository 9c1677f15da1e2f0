/**
 * Outgoing mail over a real SMTP conversation: an `smtp-server` on 127.0.0.1 (with
 * authentication) receives what the pg-boss worker sends through nodemailer. Orders are
 * placed through the real checkout routes; outbox rows are read back from the database.
 */
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addToCart, customer, insertProduct, payCart } from '../checkout/test-support';
import { mailOutbox, orders } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { openTestDatabase } from '../test/db';
import { mailJobId, startMailQueue } from './queue';
import { enqueueMail } from './service';
import { orderConfirmationMail } from './templates';

interface Received {
  from: string;
  to: string[];
  user: unknown;
  raw: string;
}

/** A local SMTP server that needs AUTH (shop/secret) and refuses recipients starting with "reject". */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'shop' && auth.password === 'secret') cb(null, { user: 'shop' });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('reject')) {
        cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((a) => a.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  // A client that resets a connection mid-message must not fail the run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('outgoing mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://shop:secret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Fairway Pin Co. <orders@fairwaypin.test>',
        MAIL_RETRY_LIMIT: '2',
        MAIL_RETRY_DELAY_SECONDS: '0',
        MAIL_POLL_SECONDS: '0.5',
        PUBLIC_URL: 'https://shop.example',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const outboxFor = async (to: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

  /** Cart -> payment -> capture -> create-order for `email`; returns the order row. */
  async function placeOrder(email: string) {
    const p = await insertProduct(t.db, { name: 'Augusta Flag Pin', priceCents: 1250 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 2);
    const id = await payCart(client);
    const res = await client.post('/api/create-order', {
      paypalOrderId: id,
      ...customer,
      customerEmail: email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, id));
    return order!;
  }

  it('placing an order sends the confirmation: received by the SMTP server, outbox row sent', async () => {
    const order = await placeOrder('buyer@example.com');
    // 2 x $12.50 + $5.99 shipping
    expect(order.totalCents).toBe(3099);

    await vi.waitFor(
      async () => {
        const [row] = await outboxFor('buyer@example.com');
        expect(row?.status).toBe('sent');
      },
      { timeout: 15_000, interval: 100 },
    );
    const [row] = await outboxFor('buyer@example.com');
    expect(row).toMatchObject({
      kind: 'order_confirmation',
      status: 'sent',
      attempts: 1,
      lastError: null,
      subject: `Fairway Pin Co.: order #${order.id} confirmed`,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);

    // The row is marked sent just before the final DATA dot (never twice), so the server may
    // finish receiving a moment after the row reads 'sent'.
    await vi.waitFor(
      () => expect(smtp.received.some((m) => m.to.includes('buyer@example.com'))).toBe(true),
      { timeout: 5_000, interval: 50 },
    );
    const mails = smtp.received.filter((m) => m.to.includes('buyer@example.com'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('orders@fairwaypin.test');
    expect(mail.user).toBe('shop');
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Fairway Pin Co.: order #${order.id} confirmed`);
    expect(parsed.headers.get('to')).toMatchObject({ text: 'buyer@example.com' });
    // A reply reaches the shop's inbox, not the sending address.
    expect(parsed.replyTo?.text).toBe(t.config.STORE_EMAIL);
    expect(parsed.text).toContain('Augusta Flag Pin x 2 @ $12.50 = $25.00');
    expect(parsed.text).toContain('Total: $30.99');
    // A guest's link carries the key that shows the order signed out (orders/track-link.ts).
    const key = new RegExp(
      `https://shop\\.example/track-order\\?id=${order.id}&type=regular&key=([\\w.-]+)`,
    ).exec(parsed.text ?? '')?.[1];
    expect(key).toMatch(/^\d+\.[\w-]{43}$/);
    expect(parsed.html).toContain('$30.99');
    expect(parsed.html).toContain(
      `href="https://shop.example/track-order?id=${order.id}&amp;type=regular&amp;key=${key}"`,
    );
  });

  it('an SMTP server that refuses the recipient: retried, then failed with last_error', async () => {
    await placeOrder('reject-me@example.com');
    await vi.waitFor(
      async () => {
        const [row] = await outboxFor('reject-me@example.com');
        expect(row?.status).toBe('failed');
      },
      { timeout: 20_000, interval: 100 },
    );
    const [row] = await outboxFor('reject-me@example.com');
    // First attempt + MAIL_RETRY_LIMIT (2) retries.
    expect(row!.attempts).toBe(3);
    expect(row!.lastError).toMatch(/550/);
    expect(row!.sentAt).toBeNull();
    expect(smtp.received.filter((m) => m.to.includes('reject-me@example.com'))).toEqual([]);
  });

  it('never lost: a queued row left without a job is sent when the queue starts again, once', async () => {
    await t.app.deps.mail.stop();
    const row = await enqueueMail(
      t.db,
      { to: 'later@example.com', subject: 'Left behind', text: 'Hello', kind: 'test' },
      { hold: false },
    );
    expect(row.status).toBe('queued');
    // No flush after the insert: the start-up sweep alone hands it to the queue (the
    // periodic sweep runs every 60 s, past this wait).
    await t.app.deps.mail.start();
    await vi.waitFor(
      async () => {
        const [r] = await outboxFor('later@example.com');
        expect(r?.status).toBe('sent');
      },
      { timeout: 15_000, interval: 100 },
    );
    // The row is marked sent just before the final DATA dot, so the server may finish
    // receiving a moment after the row reads 'sent'.
    await vi.waitFor(
      () => expect(smtp.received.some((m) => m.to.includes('later@example.com'))).toBe(true),
      { timeout: 5_000, interval: 50 },
    );
    // Later sweeps send nothing twice.
    expect(await t.app.deps.mail.flush()).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes('later@example.com'))).toHaveLength(1);
    expect((await outboxFor('later@example.com'))[0]!.attempts).toBe(1);
  });

  it('a backlog: flushes hand over only rows not handed yet, and it drains at the SMTP pace, not a mail per poll', async () => {
    await t.app.deps.mail.stop();
    // More queued mail than one flush hands over (500), as after SMTP was off a while.
    const backlog = Array.from({ length: 510 }, (_, i) => ({
      toAddress: `backlog-${i}@example.com`,
      subject: `Backlog ${i}`,
      textBody: 'Hello',
      kind: 'test',
    }));
    await t.db.insert(mailOutbox).values(backlog);
    await t.app.deps.mail.start(); // its start-up flush hands over the oldest 500
    expect(await t.app.deps.mail.flush()).toBe(10);
    expect(await t.app.deps.mail.flush()).toBe(0);
    await enqueueMail(
      t.db,
      { to: 'after-backlog@example.com', subject: 'New', text: 'Hello', kind: 'test' },
      { hold: false },
    );
    expect(await t.app.deps.mail.flush()).toBe(1);
    // One mail per poll (0.5 s here) would take over four minutes.
    await vi.waitFor(
      () =>
        expect(
          smtp.received.filter((m) => /^(backlog-|after-backlog)/.test(m.to[0]!)),
        ).toHaveLength(511),
      { timeout: 60_000, interval: 200 },
    );
  }, 90_000);
});

describe('the mail queue', () => {
  it('a delivery that fails after the shop stopped and closed its database leaves no unhandled rejection', async () => {
    const database = await openTestDatabase({ poolSize: 2 });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    const queue = await startMailQueue(
      database,
      { retryLimit: 1, retryDelaySeconds: 0, pollSeconds: 30 },
      async () => {
        started = true;
        await held;
        throw new Error('SMTP went away');
      },
      pino({ level: 'silent' }),
    );
    try {
      await queue.send({ id: 1, createdAt: new Date('2026-11-27T08:00:00Z') });
      queue.wake();
      await vi.waitFor(() => expect(started).toBe(true), { timeout: 10_000, interval: 20 });
      // The shop stops: the queue first (it waits 5 s for the delivery, which takes
      // longer), then the database; then the delivery fails.
      await queue.stop();
      await database.close();
      release();
      // pg-boss's un-awaited `fail` of that job runs now.
      await new Promise((r) => setTimeout(r, 300));
      expect(rejections).toEqual([]);
    } finally {
      release();
      process.off('unhandledRejection', onRejection);
    }
  }, 20_000);

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // no SMTP_URL: the app's own mail worker does not run
  });
  afterAll(async () => t?.close());

  it('takes the next job at once, and a password reset before a backlog of other mail', async () => {
    const handled: number[] = [];
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = await startMailQueue(
      t.app.deps.database,
      { retryLimit: 0, retryDelaySeconds: 0, pollSeconds: 30 },
      async (outboxId) => {
        handled.push(outboxId);
        if (outboxId === 1) await firstHeld;
      },
      t.app.log,
    );
    try {
      const at = new Date('2026-11-27T08:00:00Z');
      await queue.send({ id: 1, createdAt: at, kind: 'order_confirmation' });
      queue.wake();
      await vi.waitFor(() => expect(handled).toEqual([1]), { timeout: 10_000, interval: 20 });
      // While the worker delivers mail 1: a backlog, then a reset link.
      for (const id of [2, 3, 4])
        await queue.send({ id, createdAt: at, kind: 'order_confirmation' });
      await queue.send({ id: 5, createdAt: at, kind: 'password_reset' });
      release();
      // Polling every 30 s, four more jobs one per poll would take two minutes.
      await vi.waitFor(() => expect(handled).toHaveLength(5), { timeout: 10_000, interval: 20 });
      // The reset first; the backlog after it (sent within the same millisecond or so,
      // its jobs can share a creation time, so their own order is not asserted).
      expect(handled.slice(0, 2)).toEqual([1, 5]);
      expect(handled.slice(2).sort()).toEqual([2, 3, 4]);
    } finally {
      release();
      await queue.stop();
    }
  });
});

/** A placed, paid catalogue order with awkward customer and catalogue values. */
function placedOrder(): Parameters<typeof orderConfirmationMail>[0] {
  return {
    id: 42,
    userId: null,
    cartSessionId: null,
    customerEmail: 'pat@example.com',
    customerName: '<script>alert(1)</script>',
    shippingAddress: '1 "Fairway" & Co\n<b>San Diego</b>',
    subtotalCents: 10000,
    discountCode: 'SAVE10',
    discountCents: 1000,
    shippingCents: 599,
    totalCents: 9599,
    paymentIntentId: 'x',
    paymentStatus: 'paid',
    status: 'processing',
    items: [
      {
        productId: 1,
        name: 'Pin <img src=x onerror=alert(1)>',
        quantity: 4,
        unitPriceCents: 2500,
      },
    ],
    trackingNumber: null,
    trackingUrl: null,
    createdAt: new Date(),
  };
}

describe('mail templates and job ids', () => {
  it('the confirmation escapes customer and catalogue values in HTML and lists every amount', () => {
    const order = placedOrder();
    const mail = orderConfirmationMail(order, {
      publicUrl: 'https://shop.example',
      STORE_NAME: 'Fairway & Sons',
      STORE_EMAIL: 'hi@x.test',
    });
    expect(mail).toMatchObject({ to: 'pat@example.com', kind: 'order_confirmation' });
    expect(mail.subject).toBe('Fairway & Sons: order #42 confirmed');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>San Diego');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('1 &quot;Fairway&quot; &amp; Co');
    expect(mail.html).toContain('<br/>&lt;b&gt;San Diego&lt;/b&gt;');
    expect(mail.html).toContain('Fairway &amp; Sons');
    expect(mail.html).toContain('href="https://shop.example/track-order?id=42&amp;type=regular"');
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('$25.00'); // unit price
      expect(part).toContain('$100.00'); // subtotal and line amount
      expect(part).toContain('-$10.00');
      expect(part).toContain('$5.99');
      expect(part).toContain('$95.99');
    }
    expect(mail.text).toContain('Pin <img src=x onerror=alert(1)> x 4 @ $25.00 = $100.00');
    expect(mail.text).toContain('Discount (SAVE10): -$10.00');
    expect(mail.text).toContain('https://shop.example/track-order?id=42&type=regular');
  });

  it("a store name that ends with a full stop gets no second one ('with Fairway Pin Co. We')", () => {
    const mail = orderConfirmationMail(
      { ...placedOrder(), customerName: 'Pat' },
      {
        publicUrl: 'https://shop.example',
        STORE_NAME: 'Fairway Pin Co.',
        STORE_EMAIL: 'hi@x.test',
      },
    );
    expect(mail.text).toContain('Thank you for your order with Fairway Pin Co. We have received');
    expect(mail.text).not.toContain('Co..');
  });

  it('job ids are stable per outbox row and differ between rows', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(mailJobId({ id: 1, createdAt: at })).toBe(mailJobId({ id: 1, createdAt: at }));
    expect(mailJobId({ id: 1, createdAt: at })).not.toBe(mailJobId({ id: 2, createdAt: at }));
    expect(mailJobId({ id: 1, createdAt: at })).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
