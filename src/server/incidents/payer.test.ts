/**
 * The payer of a capture without an order (docs/decisions.md "The payer of a capture"):
 * the buyer PayPal names on the capture answer or on the order the lost-capture check
 * reads is kept on the payment and shown on the incidents screen, so the owner can reach
 * them without PayPal's dashboard. The real PayPal adapter against the stub, which names
 * STUB_PAYER unless a test sets another.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IncidentPayment } from '../../shared/schemas/incidents';
import { addToCart, insertProduct, payCart } from '../checkout/test-support';
import { payments } from '../db/schema';
import { STUB_PAYER } from '../payments/paypal-stub';
import { TestClient } from '../test/app';
import { captureCheckEnv, dueNow } from './capture-check-support';
import {
  CAPTURE_GRACE_MINUTES,
  FOUND_BY_CHECK,
  FOUND_BY_CHECK_PAYER,
  incidentsOverview,
} from './service';

const JANE = { email: STUB_PAYER.email_address, name: 'Jane Doe' };

describe('the payer of a capture without an order', () => {
  const env = captureCheckEnv();
  const afterGrace = () => new Date(Date.now() + (CAPTURE_GRACE_MINUTES + 1) * 60_000);
  const shown = async (id: string) =>
    (await incidentsOverview(env.t.app.deps, afterGrace())).capturesWithoutOrder.find(
      (p) => p.providerOrderId === id,
    );

  it('a capture answered to the buyer that never became an order names its payer, on the admin screen', async () => {
    const p = await insertProduct(env.t.db, { priceCents: 2000, stockQuantity: 5 });
    const buyer = new TestClient(env.t.app);
    await addToCart(buyer, p.id, 1);
    const id = await payCart(buyer); // the tab closes: no create-order
    expect(await env.rowOf(id)).toMatchObject({
      status: 'captured',
      payerEmail: 'jane.doe@example.com',
      payerName: 'Jane Doe',
    });

    // The admin route, once the grace period is over.
    await env.t.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - (CAPTURE_GRACE_MINUTES + 5) * 60_000) })
      .where(eq(payments.providerOrderId, id));
    const res = await env.admin.get('/api/admin/incidents');
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().capturesWithoutOrder as IncidentPayment[]).find(
      (x) => x.providerOrderId === id,
    );
    expect(row?.payer).toEqual(JANE);
    expect(row?.notes).toEqual([]);
  });

  it('a capture the lost-capture check found names its payer, and its note says to contact them', async () => {
    const id = await env.lostCartCapture();
    expect((await env.rowOf(id)).payerEmail).toBeNull(); // the answer was lost
    expect(await env.sweep(dueNow())).toMatchObject({ checked: 1, captured: 1 });
    expect(await env.rowOf(id)).toMatchObject({
      payerEmail: JANE.email,
      payerName: JANE.name,
    });
    const row = await shown(id);
    expect(row?.payer).toEqual(JANE);
    expect(row?.notes).toEqual([FOUND_BY_CHECK_PAYER]);
  });

  it('when PayPal names nobody, no payer is made up and the note says to look it up', async () => {
    const id = await env.lostCartCapture();
    env.stub.setPayer(id, null);
    expect(await env.sweep(dueNow())).toMatchObject({ checked: 1, captured: 1 });
    expect(await env.rowOf(id)).toMatchObject({ payerEmail: null, payerName: null });
    const row = await shown(id);
    expect(row?.payer).toBeNull();
    expect(row?.notes).toEqual([FOUND_BY_CHECK]);
  });

  it('keeps a hostile payer name as one line of text, and an address that is none is dropped', async () => {
    const id = await env.lostCartCapture();
    env.stub.setPayer(id, {
      email_address: 'not an address',
      name: { given_name: '<img src=x onerror=alert(1)>\n', surname: 'Doe\u0000' },
    });
    await env.sweep(dueNow());
    expect((await shown(id))?.payer).toEqual({
      email: null,
      name: '<img src=x onerror=alert(1)> Doe',
    });
  });
});
