/**
 * Concurrency of custom orders (issue 6 "What it must show"; DECISIONS.md: payments count
 * once; rush slots and promo uses never past their limits). On PostgreSQL the first
 * transaction is held open (test hooks) until an observer sees the others waiting on its
 * locks (src/server/test/race.ts): proof that the requests really overlap. PGlite runs
 * one transaction at a time, so there the same outcomes are checked without that proof.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertQuote } from '../collaboration/test-support';
import { customOrders, payments, preparedCustomOrders, quoteRequests } from '../db/schema';
import type { AppHooks } from '../deps';
import { TestClient } from '../test/app';
import { createRaceTestApp, type RaceTestApp, racesOnPostgres } from '../test/race';
import { prepareCustomOrderFromQuote } from './service';
import { orderCustomPins, payFor, placeCustomOrder, prepare, signInAdmin } from './test-support';

describe('custom orders under concurrency', () => {
  let t: RaceTestApp;
  let admin: TestClient;
  const hooks: AppHooks = {};

  beforeAll(async () => {
    t = await createRaceTestApp(hooks, { RUSH_SLOTS_PER_MONTH: '3' });
    admin = new TestClient(t.app);
    await signInAdmin(t, admin);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    hooks.beforeCustomOrderCommit = undefined;
    hooks.beforeBalanceCommit = undefined;
    hooks.beforeQuotePrepareCommit = undefined;
  });

  it('the same deposit capture submitted 10 times at once makes one order', async () => {
    const client = new TestClient(t.app);
    const prepared = await prepare(client);
    const paymentId = await payFor(client, {
      purpose: 'custom_deposit',
      preparedOrderId: prepared.preparedOrderId,
    });
    const hold = t.probe.holdFirst(5);
    hooks.beforeCustomOrderCommit = hold.hook;

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeCustomOrder(client, prepared.preparedOrderId, paymentId),
      ),
    );

    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(
      await t.db.select().from(customOrders).where(eq(customOrders.depositPaymentId, paymentId)),
    ).toHaveLength(1);
    if (racesOnPostgres) expect(hold.seen()).toBeGreaterThanOrEqual(5);
  });

  it('5 paid rush orders at once for 3 slots: exactly 3 get rush, the 2 others are refunded', async () => {
    // Every deposit is paid while slots are left (the check before payment passes).
    const buyers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const client = new TestClient(t.app);
        const prepared = await prepare(client, { rushOrder: true });
        const paymentId = await payFor(client, {
          purpose: 'custom_deposit',
          preparedOrderId: prepared.preparedOrderId,
        });
        return { client, prepared, paymentId };
      }),
    );
    const hold = t.probe.holdFirst(4);
    hooks.beforeCustomOrderCommit = hold.hook;

    const results = await Promise.all(
      buyers.map((b) => placeCustomOrder(b.client, b.prepared.preparedOrderId, b.paymentId)),
    );

    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        message:
          'Sorry, the last rush slot of this month was taken while you were paying. Your payment has been refunded.',
        reason: 'rush_full',
        refunded: true,
      });
    }
    expect(
      await t.db.select().from(customOrders).where(eq(customOrders.rushOrder, true)),
    ).toHaveLength(3);
    const rows = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.providerOrderId,
          buyers.map((b) => b.paymentId),
        ),
      );
    expect(rows.filter((p) => p.status === 'refunded' && p.refundId)).toHaveLength(2);
    expect((await admin.get('/api/custom-orders/rush-slots')).json().slotsLeft).toBe(0);
    if (racesOnPostgres) expect(hold.seen()).toBeGreaterThanOrEqual(4);
  });

  it('the same balance token paid twice at once: one capture counts, the other is refunded', async () => {
    const id = await orderCustomPins(new TestClient(t.app));
    await admin.patch(`/api/custom-orders/${id}/status`, { status: 'approved' });
    const url: string = (await admin.post(`/api/custom-orders/${id}/generate-balance-link`)).json()
      .balancePaymentUrl;
    const token = url.split('/').pop()!;
    // Two tabs: both payments are created, then captured at once. The capture settles the
    // balance (custom_balance's onCaptured), so the race is decided there.
    const tabs = [new TestClient(t.app), new TestClient(t.app)];
    const paymentIds = await Promise.all(
      tabs.map(async (tab) => {
        const created = await tab.post('/paypal/order', {
          purpose: 'custom_balance',
          balanceToken: token,
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json<{ id: string }>().id;
      }),
    );
    const hold = t.probe.holdFirst(1);
    hooks.beforeBalanceCommit = hold.hook;

    const captures = await Promise.all(
      tabs.map((tab, i) => tab.post(`/paypal/order/${paymentIds[i]}/capture`)),
    );
    expect(captures.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(captures.map((r) => r.json().status === 'COMPLETED').sort()).toEqual([false, true]);
    const refused = captures.find((r) => r.json().status !== 'COMPLETED')!;
    expect(refused.json().message).toMatch(/already been paid.*refunded/i);
    // Completing afterwards: the winner answers its result again, the loser 409.
    const results = await Promise.all(
      tabs.map((tab, i) =>
        tab.post(`/api/balance-payment/${token}/complete`, { balancePaymentId: paymentIds[i] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.providerOrderId, paymentIds));
    expect(rows.map((p) => p.status).sort()).toEqual(['captured', 'refunded']);
    const [order] = await t.db.select().from(customOrders).where(eq(customOrders.id, id));
    const winner = rows.find((p) => p.status === 'captured')!;
    expect(order).toMatchObject({
      status: 'balance_paid',
      balancePaymentId: winner.providerOrderId,
    });
    if (racesOnPostgres) expect(hold.seen()).toBeGreaterThanOrEqual(1);
  });

  it("a quote becomes one custom order: 'Pay deposit' 10 times at once prepares one order", async () => {
    const quoteId = await insertQuote(t.db, { quotedAmountCents: 40_000 });
    const hold = t.probe.holdFirst(5);
    hooks.beforeQuotePrepareCommit = hold.hook;
    const prepared = await Promise.all(
      Array.from({ length: 10 }, () => prepareCustomOrderFromQuote(t.app.deps, { quoteId })),
    );
    expect(new Set(prepared.map((p) => p.preparedOrderId)).size).toBe(1);
    expect(
      await t.db
        .select()
        .from(preparedCustomOrders)
        .where(eq(preparedCustomOrders.quoteRequestId, quoteId)),
    ).toHaveLength(1);
    if (racesOnPostgres) expect(hold.seen()).toBeGreaterThanOrEqual(5);
  });

  it('two prepared orders of one quote, both deposits paid, placed at once: one order, the other deposit refunded', async () => {
    // Two prepared orders of one quote: the admin changed the amount between two visits.
    const quoteId = await insertQuote(t.db, { quotedAmountCents: 40_000 });
    const first = await prepareCustomOrderFromQuote(t.app.deps, { quoteId });
    await t.db
      .update(quoteRequests)
      .set({ quotedAmountCents: 50_000 })
      .where(eq(quoteRequests.id, quoteId));
    const second = await prepareCustomOrderFromQuote(t.app.deps, { quoteId });
    expect(second.preparedOrderId).not.toBe(first.preparedOrderId);
    const tabs = await Promise.all(
      [first, second].map(async (p) => {
        const client = new TestClient(t.app);
        const paymentId = await payFor(client, {
          purpose: 'custom_deposit',
          preparedOrderId: p.preparedOrderId,
        });
        return { client, preparedOrderId: p.preparedOrderId, paymentId };
      }),
    );
    const hold = t.probe.holdFirst(1);
    hooks.beforeCustomOrderCommit = hold.hook;

    const results = await Promise.all(
      tabs.map((tab) => placeCustomOrder(tab.client, tab.preparedOrderId, tab.paymentId)),
    );

    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = results.find((r) => r.statusCode === 201)!.json<{ id: number }>();
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(
      `This quote is already custom order #${made.id}. Your payment has been refunded.`,
    );
    expect(
      await t.db.select().from(customOrders).where(eq(customOrders.quoteRequestId, quoteId)),
    ).toHaveLength(1);
    const deposits = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.providerOrderId,
          tabs.map((tab) => tab.paymentId),
        ),
      );
    expect(deposits.map((p) => p.status).sort()).toEqual(['captured', 'refunded']);
    // Neither prepared order takes a deposit any more.
    for (const tab of tabs) {
      const again = await tab.client.post('/paypal/order', {
        purpose: 'custom_deposit',
        preparedOrderId: tab.preparedOrderId,
      });
      expect(again.statusCode).toBe(409);
    }
    if (racesOnPostgres) expect(hold.seen()).toBeGreaterThanOrEqual(1);
  });
});
