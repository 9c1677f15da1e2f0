/**
 * 'Test mode: no real payments' across the top of every page while the shop runs on
 * the offline test payment provider (issue 11: nobody should mistake a test order for a
 * real purchase). The provider comes from GET /paypal/setup (the query checkout uses
 * too, so it is fetched once); nothing shows until it is known, nor with PayPal.
 */
import type { PaymentSetup } from '@shared/schemas/checkout';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const TEST_MODE_TEXT = 'Test mode: no real payments';

/** Same key as checkout's usePaymentSetup, so both share one request. */
const setupQueryKey = ['/paypal/setup'] as const;

export function TestModeBanner() {
  const { data } = useQuery({
    queryKey: setupQueryKey,
    queryFn: () => api.get<PaymentSetup>('/paypal/setup'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (data?.provider !== 'test') return null;
  // A landmark of its own, so every piece of the page sits in one (axe 'region').
  return (
    <aside
      aria-label="Test mode"
      className="bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-950"
      data-testid="test-mode-banner"
    >
      {TEST_MODE_TEXT}
    </aside>
  );
}
