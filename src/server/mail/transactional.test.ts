/**
 * Every transactional mail over a real SMTP server (issue 9): each event, published in a
 * transaction as the modules do, sends its mails once with the right recipient and facts;
 * and the catalogue order's shipped / delivered mails fire from the admin's real routes
 * exactly once per status reached (a second tracking update sends nothing).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addToCart, customer, insertProduct, payCart } from '../checkout/test-support';
import { signInAdmin } from '../collaboration/test-support';
import { orders } from '../db/schema';
import { publish } from '../events/events';
import { createMailTestApp, type MailTestApp, TestClient } from '../test/app';
import { sampleEvents } from './previews';
import { mailsFor } from './rules';

let t: MailTestApp;

beforeAll(async () => {
  t = await createMailTestApp({ STORE_EMAIL: 'owner@fairwaypin.test' });
});
afterAll(() => t?.close());

const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('transactional mail from events', () => {
  it('every event sends its mails once, to the right person, with its facts', async () => {
    const deps = { config: t.config, mail: t.app.deps.mail };
    const events = sampleEvents(t.config);
    const expected = events.flatMap(({ event }) => mailsFor(event, t.config));
    for (const { event } of events) {
      await t.db.transaction((tx) => publish(deps, tx, event));
    }
    await t.app.deps.mail.flush();
    await vi.waitFor(() => expect(t.smtp.received.length).toBe(expected.length), {
      timeout: 20_000,
      interval: 100,
    });
    for (const mail of expected) {
      const got = t.smtp.received.filter((m) => m.to === mail.to && m.subject === mail.subject);
      expect(got, `${mail.kind} to ${mail.to}`).toHaveLength(1);
    }
    const find = (subject: RegExp) =>
      decoded(t.smtp.received.find((m) => subject.test(m.subject ?? ''))!.raw);
    expect(find(/is in production/)).toContain('2 to 3 weeks');
    expect(find(/pay the balance/)).toContain('https://shop.example/balance-payment/sample-token');
    // The invoice itself, not its receipt ('receipt for invoice INV-100042'), which may be
    // delivered first.
    expect(find(/: invoice INV-100042$/)).toContain('https://shop.example/pay-invoice/INV-100042');
    expect(find(/review your design/)).toContain(
      'https://shop.example/quote-collaboration/sample-token',
    );
    expect(find(/New quote request #77/)).toContain('Torrey Pines Invitational');
    // The quote carries the collaboration link when one is active.
    const quoted = find(/your quote #77/);
    expect(quoted).toContain('$980.00');
    expect(quoted).toContain('https://shop.example/quote-collaboration/sample-token');
    expect(t.smtp.received.find((m) => /New quote request/.test(m.subject ?? ''))!.to).toBe(
      'owner@fairwaypin.test',
    );
    expect(find(/your 15% code/)).toContain('WELCOME-7K2QX9PA');
  });

  it('a catalogue order: shipped with tracking once, delivered once, from the admin routes', async () => {
    const p = await insertProduct(t.db, { name: 'Eagle Pin', priceCents: 1500 });
    const shopper = new TestClient(t.app);
    await addToCart(shopper, p.id, 1);
    const paymentId = await payCart(shopper);
    const placed = await shopper.post('/api/create-order', {
      paypalOrderId: paymentId,
      ...customer,
      customerEmail: 'tracked@example.com',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentIntentId, paymentId));
    const admin = await signInAdmin(t.app, t.db);
    const tracking = { trackingNumber: '1Z999AA1', trackingUrl: 'https://track.example/1Z999AA1' };
    expect((await admin.put(`/api/orders/${order!.id}/tracking`, tracking)).statusCode).toBe(200);
    // Correcting the tracking of a shipped order sends no second "shipped" mail.
    expect(
      (
        await admin.put(`/api/orders/${order!.id}/tracking`, {
          ...tracking,
          trackingNumber: '1Z999AA2',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await admin.put(`/api/orders/${order!.id}/status`, { status: 'delivered' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.put(`/api/orders/${order!.id}/status`, { status: 'delivered' })).statusCode,
    ).toBe(200);
    const mine = () => t.smtp.received.filter((m) => m.to === 'tracked@example.com');
    await vi.waitFor(() => expect(mine().length).toBe(3), { timeout: 15_000, interval: 100 });
    await new Promise((r) => setTimeout(r, 1500)); // nothing else arrives
    const subjects = mine().map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Fairway Pin Co.: order #${order!.id} confirmed`,
        `Fairway Pin Co.: order #${order!.id} has shipped`,
        `Fairway Pin Co.: order #${order!.id} was delivered`,
      ]),
    );
    expect(mine()).toHaveLength(3);
    const shipped = decoded(mine().find((m) => /shipped/.test(m.subject ?? ''))!.raw);
    expect(shipped).toContain('1Z999AA1');
    expect(shipped).toContain('https://track.example/1Z999AA1');
  });
});
