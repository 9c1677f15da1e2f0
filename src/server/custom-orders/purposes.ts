/**
 * The custom-order payment purposes of `POST /paypal/order` (payments/purposes.ts;
 * DECISIONS.md "One payment route for everything paid"): the server sets the amount.
 *
 * - `custom_deposit` + `preparedOrderId`: the prepared order's deposit (10% of its
 *   total). 404 unknown, 409 already paid, 410 expired; the check stops a used-up promo
 *   code or a full rush month before the buyer pays (409); 409 DEPOSIT_AWAITING_ORDER
 *   when this caller's earlier deposit payment is captured but made no order yet (it
 *   completes the order; GET prepared names it).
 * - `custom_balance` + `balanceToken`: the remaining balance of the token's order.
 *   404 unknown token, 409 already paid (never a second charge), 410 expired. Settled by
 *   the capture itself (`settleBalanceOnCapture`), so a closed tab cannot leave it
 *   looking unpaid.
 */

import { HttpError } from '../lib/errors';
import type { PaymentPurposeHandler } from '../payments/purposes';
import { payableBalanceOrder, settleBalanceOnCapture } from './balance';
import {
  assertDepositPayable,
  DEPOSIT_AWAITING_ORDER,
  payablePreparedOrder,
  unsettledDepositPayment,
} from './service';

export const customDepositPurpose: PaymentPurposeHandler = {
  async price(deps, caller, body) {
    const prepared = await payablePreparedOrder(deps.db, body.preparedOrderId!);
    if (await unsettledDepositPayment(deps.db, prepared.id, caller))
      throw new HttpError(409, DEPOSIT_AWAITING_ORDER);
    return {
      reference: prepared.id,
      expectedCents: prepared.depositCents,
      discountCode: prepared.discountCode,
      check: () => assertDepositPayable(deps, prepared),
    };
  },
};

export const customBalancePurpose: PaymentPurposeHandler = {
  async price(deps, _caller, body) {
    const order = await payableBalanceOrder(deps.db, body.balanceToken!);
    return { reference: String(order.id), expectedCents: order.remainingBalanceCents };
  },
  onCaptured: (deps, row, log) => settleBalanceOnCapture(deps, row, log),
};
