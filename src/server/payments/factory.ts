/** Chooses the payment provider from configuration (DECISIONS.md "Payments"). */
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { createPaypalProvider } from './paypal-provider';
import type { PaymentProvider } from './provider';
import { createTestPaymentProvider } from './test-provider';

/**
 * `test` (offline, default without PayPal credentials) or `paypal` (PAYPAL_CLIENT_ID,
 * PAYPAL_CLIENT_SECRET, PAYPAL_ENVIRONMENT, optional PAYPAL_API_BASE).
 * Throws when PAYMENT_PROVIDER=paypal lacks credentials or PAYPAL_API_BASE is unusable.
 */
export function createPaymentProvider(config: AppConfig, db: Db): PaymentProvider {
  if (config.paymentProvider === 'paypal') {
    if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) {
      throw new Error('PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
    }
    return createPaypalProvider({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      environment: config.PAYPAL_ENVIRONMENT,
      apiBase: config.PAYPAL_API_BASE,
    });
  }
  return createTestPaymentProvider(db);
}
