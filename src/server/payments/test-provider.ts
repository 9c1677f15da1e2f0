/**
 * The offline `test` payment provider: same contract as PayPal (create, capture,
 * refund), kept in the `test_payment_orders` table. No money moves; the web page
 * labels it clearly as "Test payment". The simulated buyer's choice (`testOutcome`)
 * decides whether the capture completes, is declined, or stays pending. Like PayPal,
 * a repeated request id answers the earlier result (create, capture, refund).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testPaymentOrders } from '../db/schema';
import {
  type CreatePaymentOrderInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCapture,
  type ProviderOrder,
  type ProviderRefund,
} from './provider';

const newId = (prefix: string) => `${prefix}-${randomBytes(12).toString('base64url')}`;

/** Creates the test provider over the given database. */
export function createTestPaymentProvider(db: Db): PaymentProvider {
  return {
    name: 'test',

    async createOrder(input: CreatePaymentOrderInput): Promise<ProviderOrder> {
      // Same request id -> the same order, as PayPal does with PayPal-Request-Id.
      const [earlier] = await db
        .select()
        .from(testPaymentOrders)
        .where(sql`${testPaymentOrders.requestIds}->>'create' = ${input.requestId}`);
      if (earlier) return { id: earlier.id, status: earlier.status };
      const id = newId('TEST');
      const [row] = await db
        .insert(testPaymentOrders)
        .values({
          id,
          amountCents: input.amountCents,
          currency: input.currency,
          outcome: input.testOutcome ?? 'approve',
          requestIds: { create: input.requestId },
        })
        .returning();
      return { id: row.id, status: row.status };
    },

    async captureOrder(orderId: string, requestId: string): Promise<ProviderCapture> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(testPaymentOrders)
          .where(eq(testPaymentOrders.id, orderId))
          .for('update');
        if (!order)
          throw new PaymentProviderError('Payment order not found', 404, 'RESOURCE_NOT_FOUND');
        if (order.captureId || order.status !== 'CREATED') {
          // Replaying the same capture request returns the earlier result (idempotency).
          if (order.requestIds.capture === requestId) return toCapture(order);
          throw new PaymentProviderError('Order already captured', 422, 'ORDER_ALREADY_CAPTURED');
        }
        const captureStatus =
          order.outcome === 'approve'
            ? 'COMPLETED'
            : order.outcome === 'decline'
              ? 'DECLINED'
              : 'PENDING';
        const [updated] = await tx
          .update(testPaymentOrders)
          .set({
            status: 'COMPLETED',
            captureId: newId('TESTCAP'),
            captureStatus,
            requestIds: { ...order.requestIds, capture: requestId },
          })
          .where(eq(testPaymentOrders.id, orderId))
          .returning();
        return toCapture(updated);
      });
    },

    async getOrder(orderId: string): Promise<ProviderCapture> {
      const [order] = await db
        .select()
        .from(testPaymentOrders)
        .where(eq(testPaymentOrders.id, orderId));
      if (!order)
        throw new PaymentProviderError('Payment order not found', 404, 'RESOURCE_NOT_FOUND');
      return toCapture(order);
    },

    async refundCapture(captureId: string, requestId: string): Promise<ProviderRefund> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(testPaymentOrders)
          .where(eq(testPaymentOrders.captureId, captureId))
          .for('update');
        if (!order) throw new PaymentProviderError('Capture not found', 404, 'RESOURCE_NOT_FOUND');
        if (order.refundId) {
          // Replaying the same refund request returns the earlier refund (idempotency).
          if (order.requestIds.refund === requestId)
            return { refundId: order.refundId, status: 'COMPLETED' };
          throw new PaymentProviderError('Capture already refunded', 422, 'CAPTURE_FULLY_REFUNDED');
        }
        if (order.captureStatus !== 'COMPLETED') {
          throw new PaymentProviderError('Capture not refundable', 422, 'REFUND_NOT_ALLOWED');
        }
        const refundId = newId('TESTREF');
        await tx
          .update(testPaymentOrders)
          .set({
            refundId,
            captureStatus: 'REFUNDED',
            requestIds: { ...order.requestIds, refund: requestId },
          })
          .where(eq(testPaymentOrders.id, order.id));
        return { refundId, status: 'COMPLETED' };
      });
    },

    async setup() {
      return { clientId: null, clientToken: null };
    },
  };
}

function toCapture(order: typeof testPaymentOrders.$inferSelect): ProviderCapture {
  return {
    orderStatus: order.status,
    captureId: order.captureId,
    captureStatus: order.captureStatus,
    amountCents: order.captureId ? order.amountCents : null,
    currency: order.captureId ? order.currency : null,
    // No buyer account exists behind a test payment: never invent one.
    payer: null,
  };
}
