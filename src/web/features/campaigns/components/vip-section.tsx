/**
 * Admin 'VIP Campaigns' (back-office spec sections 2, 3, 5, 7; issue 9): the VIP list as a
 * CSV file, promo code (upper case), discount 1-50 ('Please fill in all campaign fields'),
 * a confirmation, live progress; a single VIP e-mail (email, name, code, discount); a
 * test e-mail to the admin.
 */
import { CAMPAIGN_FIELDS_REQUIRED, type CsvUploadResponse } from '@shared/schemas/campaigns';
import { FlaskConical, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '../../admin/components/confirm-dialog';
import { toastError } from '../../admin/notify';
import { useSend, useTestSend } from '../api';
import { CampaignProgress, campaignStartedText } from './campaign-progress';
import { CodeAndDiscount } from './code-and-discount';
import { CsvUpload } from './csv-upload';
import { RecentCampaigns } from './recent-campaigns';

const validPercent = (v: string) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 50;

const missing = () =>
  toast({
    title: 'Missing Information',
    description: CAMPAIGN_FIELDS_REQUIRED,
    variant: 'destructive',
  });

export function VipSection() {
  const id = useId();
  const [uploaded, setUploaded] = useState<CsvUploadResponse | null>(null);
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const [one, setOne] = useState({ email: '', name: '', code: '', discount: '' });
  const campaign = useSend<{ csvFileName: string; promoCode: string; discountPercent: number }>(
    '/api/vip-campaign',
  );
  const single = useSend<{
    email: string;
    name: string;
    promoCode: string;
    discountPercent: number;
  }>('/api/vip-email');
  const test = useTestSend<undefined>('/api/test-vip-email');

  const ask = () => {
    if (!uploaded || !code.trim() || !validPercent(discount)) return missing();
    setConfirming(true);
  };
  const confirm = () =>
    campaign
      .mutateAsync({
        csvFileName: uploaded!.fileName,
        promoCode: code.trim(),
        discountPercent: Number(discount),
      })
      .then(
        (res) => {
          setConfirming(false);
          setCampaignId(res.campaignId);
          toast({
            title: 'Campaign Started',
            description: campaignStartedText(res, `Sending to ${res.total} VIP customers.`),
          });
        },
        (error: unknown) => {
          setConfirming(false);
          toastError(error, 'Failed to send the VIP campaign.', 'Campaign Failed');
        },
      );
  const sendOne = () => {
    if (!one.email.trim() || !one.code.trim() || !validPercent(one.discount)) return missing();
    single
      .mutateAsync({
        email: one.email.trim(),
        name: one.name.trim(),
        promoCode: one.code.trim(),
        discountPercent: Number(one.discount),
      })
      .then(
        (res) =>
          toast({
            title: 'VIP Email Sent',
            description:
              res.result.skipped > 0
                ? `${one.email} unsubscribed or bounced: not sent.`
                : `The offer is on its way to ${one.email}.`,
          }),
        (error: unknown) => toastError(error, 'The VIP e-mail could not be sent.', 'Email Failed'),
      );
  };
  const sendTest = () =>
    test.mutateAsync(undefined).then(
      (res) => toast({ title: 'Test Email Sent', description: `A test copy went to ${res.to}.` }),
      (error: unknown) => toastError(error, 'The test e-mail could not be sent.', 'Test Failed'),
    );

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>VIP campaign</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <CsvUpload
            list="vip"
            label="VIP list (CSV file)"
            uploaded={uploaded}
            onUploaded={setUploaded}
          />
          <CodeAndDiscount
            prefix={`${id}-c`}
            code={code}
            discount={discount}
            setCode={setCode}
            setDiscount={setDiscount}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={ask} pending={campaign.isPending}>
              <Send aria-hidden="true" />
              Send VIP Campaign
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => void sendTest()}
              pending={test.isPending}
            >
              <FlaskConical aria-hidden="true" />
              Send Test Email
            </Button>
          </div>
          {campaignId !== null ? <CampaignProgress campaignId={campaignId} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Single VIP e-mail</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                id={`${id}-email`}
                type="email"
                value={one.email}
                onChange={(e) => setOne({ ...one, email: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input
                id={`${id}-name`}
                value={one.name}
                onChange={(e) => setOne({ ...one, name: e.target.value })}
              />
            </div>
          </div>
          <CodeAndDiscount
            prefix={`${id}-s`}
            code={one.code}
            discount={one.discount}
            setCode={(v) => setOne({ ...one, code: v })}
            setDiscount={(v) => setOne({ ...one, discount: v })}
          />
          <Button type="button" onClick={sendOne} pending={single.isPending}>
            <Send aria-hidden="true" />
            Send VIP Email
          </Button>
        </CardContent>
      </Card>
      <RecentCampaigns kind="vip" />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="default"
        title="Send the VIP campaign?"
        description={`Send to ${uploaded?.count ?? 0} VIP customers with ${discount}% off using code ${code.trim().toUpperCase()}? Unsubscribed and bounced addresses are skipped.`}
        confirmLabel="Send VIP Campaign"
        pendingLabel="Starting…"
        onConfirm={confirm}
      />
    </div>
  );
}
