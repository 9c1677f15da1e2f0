/**
 * The one limiter for every path that checks a discount code (issue 11: 205 guesses
 * found three live codes): POST /api/discount-codes/validate, GET /api/cart/totals with
 * `discountCode`, POST /paypal/order with `discountCode`, and any later route that
 * checks a code (e.g. the custom-order wizard's promo code) — all count in the same two
 * counters: DISCOUNT_RATE_LIMIT checks per minute per client address, and as many per
 * cart session (X-Session-Id). Over either: 429.
 */
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { clientAddress, enforceLimits, type LimitRule } from '../lib/rate-limit';
import { optionalCartSession } from '../lib/session';

const MINUTE_MS = 60_000;

/** The two rules (per client address, per cart session) of the discount-code limiter. */
export function discountCheckRules(config: Pick<AppConfig, 'DISCOUNT_RATE_LIMIT'>): LimitRule[] {
  return [
    {
      name: 'discount-address',
      max: config.DISCOUNT_RATE_LIMIT,
      windowMs: MINUTE_MS,
      by: clientAddress,
    },
    {
      name: 'discount-session',
      max: config.DISCOUNT_RATE_LIMIT,
      windowMs: MINUTE_MS,
      by: optionalCartSession,
    },
  ];
}

/** Counts one discount-code check of `request`; throws 429 over the limit. Call before checking. */
export function limitDiscountCheck(request: FastifyRequest): Promise<void> {
  return enforceLimits(request, discountCheckRules(request.server.deps.config));
}
