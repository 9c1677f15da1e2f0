/**
 * What the capture check tests share (capture-check.test.ts, and
 * capture-check.postgres.test.ts for what needs a second connection): a test app on the
 * real PayPal adapter against the PayPal stub, with no sweep timer (the tests run each
 * sweep with a `now` instead of waiting), and a lost cart capture. A lost answer is made
 * with `stub.failNext(3, LOST)` (PayPal captures, the adapter's three tries all go
 * unanswered).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { signedInClient } from '../catalog/testing';
import { addToCart, createPayment, insertProduct } from '../checkout/test-support';
import { paymentIncidents, payments } from '../db/schema';
import { type PaypalStub, paypalAgainst, startPaypalStub } from '../payments/paypal-stub';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { CAPTURE_CHECK, runCaptureCheckSweep } from './capture-check';

export const LOST = { path: /\/capture$/, lostAnswer: true };
/** PayPal down for the sweep's read of the order (GET /v2/checkout/orders/{id}). */
export const READ_DOWN = { path: /^\/v2\/checkout\/orders\/[^/]+$/, status: 503 };
/** The sweep's reads of orders so far. */
export const ORDER_READ = /^\/v2\/checkout\/orders\/[^/]+$/;
/** Just past the grace period of a capture asked for now. */
export const dueNow = () => new Date(Date.now() + (CAPTURE_CHECK.graceSeconds + 60) * 1000);

/**
 * Registers the suite's beforeAll/afterAll (stub, app, a signed-in admin) and returns the
 * handles (read them inside tests) and helpers.
 */
export function captureCheckEnv() {
  let stub: PaypalStub;
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    stub = await startPaypalStub();
    t = await createTestApp({
      // No timer: the test runs every sweep itself.
      env: { REFUND_RETRY_SECONDS: '0' },
      payments: () => paypalAgainst(stub),
    });
    admin = (await signedInClient(t, 'admin')).client;
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const sweep = (now: Date) => runCaptureCheckSweep(t.app.deps, t.app.log, now);
  const rowOf = async (id: string) =>
    (await t.db.select().from(payments).where(eq(payments.providerOrderId, id)))[0]!;
  const incidentsOf = (id: string) =>
    t.db.select().from(paymentIncidents).where(eq(paymentIncidents.providerOrderId, id));

  /** A cart payment whose capture PayPal made but whose answer never arrived (502 to the buyer). */
  async function lostCartCapture(): Promise<string> {
    return (await lostCartCaptureOf()).id;
  }

  /** As `lostCartCapture`, with the buyer's client (their cart session). */
  async function lostCartCaptureOf(): Promise<{ id: string; client: TestClient }> {
    const p = await insertProduct(t.db, { priceCents: 2000, stockQuantity: 5 });
    const client = new TestClient(t.app);
    await addToCart(client, p.id, 1);
    const id = await createPayment(client);
    stub.failNext(3, LOST);
    expect((await client.post(`/paypal/order/${id}/capture`)).statusCode).toBe(502);
    expect(stub.orders.get(id)!.capture).not.toBeNull(); // the money moved
    const row = await rowOf(id);
    expect(row.status).toBe('created');
    expect(row.captureAttemptedAt).not.toBeNull();
    return { id, client };
  }

  return {
    get stub() {
      return stub;
    },
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    sweep,
    rowOf,
    incidentsOf,
    lostCartCapture,
    lostCartCaptureOf,
  };
}
