/**
 * Discount Codes 'Send Mass Email' (back-office spec sections 2, 5, 7, 8): asks for
 * confirmation, starts the campaign (POST /api/send-mass-discount-email {discountCode}),
 * shows its live progress and toasts 'Mass Email Campaign Completed' with the counts
 * when it ends; a failure toasts 'Error' / 'Failed to send mass email campaign.'.
 */
import type { CampaignStarted } from '@shared/schemas/campaigns';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '../../admin/components/confirm-dialog';
import { useAudience, useSend } from '../api';
import { CampaignProgress, campaignStartedText } from './campaign-progress';

export function MassEmailButton({ code, offer }: { code: string; offer: string }) {
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<CampaignStarted | null>(null);
  const audience = useAudience();
  const send = useSend<{ discountCode: string }>('/api/send-mass-discount-email');
  const count = audience.data ? audience.data.customers + audience.data.subscribers : null;
  const confirm = () =>
    send.mutateAsync({ discountCode: code }).then(
      (res) => {
        setConfirming(false);
        setStarted(res);
      },
      (error: unknown) => {
        setConfirming(false);
        // The spec's text, then the server's reason (an inactive or personal code...).
        const reason = error instanceof Error ? error.message : '';
        toast({
          title: 'Error',
          description: `Failed to send mass email campaign.${reason ? ` ${reason}` : ''}`,
          variant: 'destructive',
        });
      },
    );
  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
        <Mail aria-hidden="true" />
        Send Mass Email<span className="sr-only"> with {code}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="default"
        title={`Send ${code} to every customer?`}
        description={`E-mail ${code} (${offer}) to ${count === null ? 'every customer and subscriber' : `${count} customers and subscribers`}? Unsubscribed and bounced addresses are skipped.`}
        confirmLabel="Send Mass Email"
        pendingLabel="Starting…"
        onConfirm={confirm}
      />
      <Dialog open={started !== null} onOpenChange={(o) => (o ? undefined : setStarted(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Mass e-mail: {code}</DialogTitle>
            <DialogDescription>
              {started && !started.sending
                ? campaignStartedText(started, '')
                : 'The campaign runs on the server; you can close this and leave the page.'}
            </DialogDescription>
          </DialogHeader>
          {started ? (
            <CampaignProgress
              campaignId={started.campaignId}
              onDone={(p) =>
                toast({
                  title: 'Mass Email Campaign Completed',
                  description: `Sent: ${p.sent}, failed: ${p.failed}, skipped: ${p.skipped}.`,
                })
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
