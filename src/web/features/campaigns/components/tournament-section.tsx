/**
 * Admin 'Tournament Campaigns' (back-office spec sections 2, 5, 7, 9; issue 9): upload the
 * organisers' CSV (preview with invalid rows flagged), subject, promo code (TOURNAMENT25)
 * and discount (25%); 'Invalid Data' unless subject, code and a discount above 0 are given;
 * a confirmation naming the number of organisers, the discount and the code; then the
 * campaign's live progress. Export Contacts and the e-mail template open in a new tab.
 */
import {
  type CsvUploadResponse,
  TOURNAMENT_DEFAULT_CODE,
  TOURNAMENT_DEFAULT_PERCENT,
} from '@shared/schemas/campaigns';
import { Download, Eye, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '../../admin/components/confirm-dialog';
import { SubjectField } from '../../admin/components/subject-field';
import { toastError } from '../../admin/notify';
import { useSend } from '../api';
import { CampaignProgress, campaignStartedText } from './campaign-progress';
import { CodeAndDiscount } from './code-and-discount';
import { CsvUpload } from './csv-upload';
import { RecentCampaigns } from './recent-campaigns';

export function TournamentSection() {
  const id = useId();
  const [uploaded, setUploaded] = useState<CsvUploadResponse | null>(null);
  const [emailSubject, setSubject] = useState('Exclusive tournament pricing on custom golf pins');
  const [promoCode, setCode] = useState(TOURNAMENT_DEFAULT_CODE);
  const [discount, setDiscount] = useState(String(TOURNAMENT_DEFAULT_PERCENT));
  const [confirming, setConfirming] = useState(false);
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const send = useSend<{
    emailSubject: string;
    promoCode: string;
    discountPercent: number;
    uploadId?: number;
  }>('/api/send-tournament-campaign');
  const percent = Number(discount);

  const ask = () => {
    if (!uploaded || uploaded.count === 0) {
      toast({
        title: 'Invalid Data',
        description: 'Upload a CSV file with at least one valid e-mail address.',
        variant: 'destructive',
      });
      return;
    }
    if (!emailSubject.trim() || !promoCode.trim() || !(percent > 0)) {
      toast({
        title: 'Invalid Data',
        description: 'Please fill in the subject, the promo code and a discount above 0.',
        variant: 'destructive',
      });
      return;
    }
    setConfirming(true);
  };
  const confirm = () =>
    send
      .mutateAsync({
        emailSubject: emailSubject.trim(),
        promoCode: promoCode.trim(),
        discountPercent: percent,
        uploadId: uploaded?.uploadId,
      })
      .then(
        (res) => {
          setConfirming(false);
          setCampaignId(res.campaignId);
          toast({
            title: 'Campaign Started',
            description: campaignStartedText(
              res,
              `Sending to ${res.total} organisers. You can leave this page.`,
            ),
          });
        },
        (error: unknown) => {
          setConfirming(false);
          toastError(error, 'Failed to send the tournament campaign.', 'Campaign Failed');
        },
      );
  const templateUrl = `/api/tournament-email-template?${new URLSearchParams({
    emailSubject,
    promoCode,
    discountPercent: discount,
  })}`;
  const code = promoCode.trim().toUpperCase();

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Organisers</CardTitle>
        </CardHeader>
        <CardContent>
          <CsvUpload
            list="tournament"
            label="Organisers CSV file"
            uploaded={uploaded}
            onUploaded={setUploaded}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Campaign</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <SubjectField
            id={`${id}-subject`}
            label="Email subject"
            value={emailSubject}
            onChange={setSubject}
          />
          <CodeAndDiscount
            prefix={id}
            code={promoCode}
            discount={discount}
            setCode={setCode}
            setDiscount={setDiscount}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={ask} pending={send.isPending}>
              <Send aria-hidden="true" />
              Send Campaign
            </Button>
            <Button type="button" variant="outline" asChild>
              <a href={templateUrl} target="_blank" rel="noopener">
                <Eye aria-hidden="true" />
                Email Template
              </a>
            </Button>
            <Button type="button" variant="outline" asChild>
              <a href="/api/export-tournament-contacts" target="_blank" rel="noopener">
                <Download aria-hidden="true" />
                Export Contacts
              </a>
            </Button>
          </div>
          {campaignId !== null ? (
            <CampaignProgress
              campaignId={campaignId}
              onDone={(p) =>
                toast({
                  title: 'Campaign Completed',
                  description: `${p.sent} sent, ${p.failed} failed, ${p.skipped} skipped.`,
                })
              }
            />
          ) : null}
        </CardContent>
      </Card>
      <RecentCampaigns kind="tournament" />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="default"
        title="Send the tournament campaign?"
        description={`Send to ${uploaded?.count ?? 0} organisers with ${percent}% off using code ${code}? Unsubscribed and bounced addresses are skipped.`}
        confirmLabel="Send Campaign"
        pendingLabel="Starting…"
        onConfirm={confirm}
      />
    </div>
  );
}
