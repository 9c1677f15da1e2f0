/** Chooses the payment provider from configuration (DECISIONS.md "Payments"). */
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import { createTestPaymentProvider } from './test-provider';

/** `test` (offline, default without PayPal credentials) or `paypal`. */
export function createPaymentProvider(config: AppConfig, db: Db): PaymentProvider {
  if (config.paymentProvider === 'paypal') {
    throw new Error('PAYMENT_PROVIDER=paypal is not available yet');
  }
  return createTestPaymentProvider(db);
}
