/**
 * Admin 'Marketing Emails' (back-office spec sections 2, 5, 7; issue 9): subject, content
 * (rich text in the shared Tiptap editor, loaded lazily; the server sanitises the HTML), excluded e-mails (comma-separated, trimmed,
 * empties dropped), the audience (customers, confirmed subscribers, or both); 'Please
 * provide both subject and content.'; Send Test Email to the admin; a confirmation naming
 * the count; live progress; the customer CSV export.
 */
import { MARKETING_REQUIRED } from '@shared/schemas/campaigns';
import { Download, FlaskConical, Send } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '../../admin/components/confirm-dialog';
import { NativeSelect } from '../../admin/components/native-select';
import { SubjectField } from '../../admin/components/subject-field';
import { toastError } from '../../admin/notify';
import { useAudience, useSend, useTestSend } from '../api';
import { CampaignProgress, campaignStartedText } from './campaign-progress';
import { RecentCampaigns } from './recent-campaigns';

/** The blog's editor (admin/components/rich-text-editor.tsx), loaded only when this section opens. */
const RichTextEditor = lazy(() => import('../../admin/components/rich-text-editor'));

type Audience = 'all' | 'customers' | 'subscribers';

const AUDIENCES = [
  { value: 'all', label: 'Customers and newsletter subscribers' },
  { value: 'customers', label: 'Customers only' },
  { value: 'subscribers', label: 'Newsletter subscribers only' },
] as const;

export function MarketingSection() {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [exclude, setExclude] = useState('');
  const [audience, setAudience] = useState<Audience>('all');
  const [confirming, setConfirming] = useState(false);
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const counts = useAudience();
  const send = useSend<{
    subject: string;
    content: string;
    excludeEmails: string[];
    audience: Audience;
  }>('/api/send-marketing-email');
  const test = useTestSend<{ subject: string; content: string }>('/api/test-marketing-email');
  const excludeEmails = exclude
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const estimate = counts.data
    ? (audience !== 'subscribers' ? counts.data.customers : 0) +
      (audience !== 'customers' ? counts.data.subscribers : 0)
    : null;

  const filled = () => {
    if (subject.trim() && content.trim()) return true;
    toast({
      title: 'Missing Information',
      description: MARKETING_REQUIRED,
      variant: 'destructive',
    });
    return false;
  };
  const sendTest = () => {
    if (!filled()) return;
    test.mutateAsync({ subject, content }).then(
      (res) => toast({ title: 'Test Email Sent', description: `A test copy went to ${res.to}.` }),
      (error: unknown) => toastError(error, 'The test e-mail could not be sent.', 'Test Failed'),
    );
  };
  const confirm = () =>
    send.mutateAsync({ subject, content, excludeEmails, audience }).then(
      (res) => {
        setConfirming(false);
        setCampaignId(res.campaignId);
        toast({
          title: 'Campaign Started',
          description: campaignStartedText(
            res,
            `Sending to ${res.total} recipients (${res.result.skipped} skipped). You can leave this page.`,
          ),
        });
      },
      (error: unknown) => {
        setConfirming(false);
        toastError(error, 'Failed to send the marketing e-mail.', 'Email Failed');
      },
    );

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>New marketing e-mail</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <SubjectField id={`${id}-subject`} value={subject} onChange={setSubject} />
          <div className="space-y-1">
            <span id={`${id}-content-label`} className="text-sm font-medium">
              Content
            </span>
            <Suspense
              fallback={
                <p role="status" className="rounded-md border p-4 text-sm text-slate-600">
                  Loading editor…
                </p>
              }
            >
              <div className="rounded-md border">
                <RichTextEditor
                  value={content}
                  labelledBy={`${id}-content-label`}
                  describedBy={`${id}-content-hint`}
                  onChange={setContent}
                />
              </div>
            </Suspense>
            <p id={`${id}-content-hint`} className="text-muted-foreground text-xs">
              Headings, bold, italic, links and lists. The server removes anything unsafe.
              {' {{name}} '}is replaced with the recipient&apos;s name. Every e-mail ends with a
              one-click unsubscribe link.
            </p>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-exclude`}>Excluded e-mails</Label>
            <Input
              id={`${id}-exclude`}
              value={exclude}
              placeholder="a@example.com, b@example.com"
              aria-describedby={`${id}-exclude-hint`}
              onChange={(e) => setExclude(e.target.value)}
            />
            <p id={`${id}-exclude-hint`} className="text-muted-foreground text-xs">
              Comma-separated.
            </p>
          </div>
          <NativeSelect
            label="Audience"
            value={audience}
            options={AUDIENCES}
            onChange={(v) => setAudience(v as Audience)}
          />
          {counts.data ? (
            <p className="text-muted-foreground text-sm">
              {counts.data.customers} customers, {counts.data.subscribers} confirmed subscribers;{' '}
              {counts.data.suppressed} unsubscribed or bounced addresses are never mailed.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              onClick={() => filled() && setConfirming(true)}
              pending={send.isPending}
            >
              <Send aria-hidden="true" />
              Send Email
            </Button>
            <Button type="button" variant="outline" onClick={sendTest} pending={test.isPending}>
              <FlaskConical aria-hidden="true" />
              {test.isPending ? 'Sending Test…' : 'Send Test Email'}
            </Button>
            <Button type="button" variant="outline" asChild>
              <a href="/api/export-customers-csv" target="_blank" rel="noopener">
                <Download aria-hidden="true" />
                Export Customers CSV
              </a>
            </Button>
          </div>
          {campaignId !== null ? <CampaignProgress campaignId={campaignId} /> : null}
        </CardContent>
      </Card>
      <RecentCampaigns kind="marketing" />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="default"
        title="Send this e-mail?"
        description={`Send “${subject.trim()}” to ${estimate === null ? 'your audience' : `up to ${Math.max(0, estimate - excludeEmails.length)} recipients`}${excludeEmails.length ? ` (${excludeEmails.length} excluded)` : ''}? Unsubscribed and bounced addresses are skipped.`}
        confirmLabel="Send Email"
        pendingLabel="Starting…"
        onConfirm={confirm}
      />
    </div>
  );
}
