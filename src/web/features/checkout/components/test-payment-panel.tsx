/**
 * The offline test provider's payment panel (PAYMENT_PROVIDER=test): clearly labelled,
 * no real money moves. 'Test payment' approves; smaller buttons simulate a declined
 * payment and a cancellation, so every checkout outcome can be tried by hand.
 */
import { FlaskConical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PaymentControls } from '../use-checkout-payment';

export function TestPaymentPanel({ payment }: { payment: PaymentControls }) {
  const { processing } = payment;
  return (
    <div className="space-y-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <FlaskConical aria-hidden="true" className="size-4" />
        Test mode — no real money is charged
      </p>
      <p className="text-sm text-amber-900">
        This shop runs with the test payment provider. Choose what the simulated buyer does.
      </p>
      <Button
        type="button"
        size="lg"
        className="w-full"
        pending={processing}
        aria-busy={processing}
        onClick={() => void payment.payWithTestProvider('approve')}
      >
        {processing ? 'Processing...' : 'Test payment'}
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          pending={processing}
          onClick={() => void payment.payWithTestProvider('decline')}
        >
          Simulate declined payment
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          pending={processing}
          onClick={payment.cancel}
        >
          Cancel payment
        </Button>
      </div>
    </div>
  );
}
