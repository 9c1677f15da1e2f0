/**
 * 'Pay deposit' on an approved proof (issue 7): asks the server to prepare the custom
 * order from the quote (POST /api/collaboration/session/{token}/deposit; the server prices
 * it at the quoted amount, 10% deposit) and sends the client to the wizard's deposit
 * checkout, `/checkout?orderData=<base64 {preparedOrderId,...}>`. The browser never
 * decides the amount. A failure shows a toast and keeps the page.
 */
import type { PreparedCustomOrder } from '@shared/schemas/custom-orders';
import { QUOTE_DESK_MESSAGES } from '@shared/schemas/quote-desk';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { encodeOrderData } from '@/features/custom-order/order-data';
import { api, serverMessageOr } from '@/lib/api';
import { toast } from '@/lib/toast';

export function PayDepositButton({ token }: { token: string }) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () =>
      api.post<PreparedCustomOrder>(
        `/api/collaboration/session/${encodeURIComponent(token)}/deposit`,
        {},
      ),
    onSuccess: (prepared) =>
      navigate(`/checkout?orderData=${encodeURIComponent(encodeOrderData(prepared))}`),
    onError: (error: Error) =>
      toast({
        title: 'Error',
        description: serverMessageOr(error, QUOTE_DESK_MESSAGES.depositFailed),
        variant: 'destructive',
      }),
  });
  return (
    <Button type="button" onClick={() => start.mutate()} pending={start.isPending}>
      {start.isPending ? 'Processing...' : QUOTE_DESK_MESSAGES.payDeposit}
    </Button>
  );
}
