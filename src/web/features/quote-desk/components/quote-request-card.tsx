/**
 * One quote request in the admin panel (back-office spec sections 2, 4, 5, 8): every
 * field, the logo (preview and download), the status badge, the quote form (amount above
 * 0 — 'Invalid Amount' / 'Please enter a valid quote amount.' — and notes; 'Send Quote'
 * while pending, else 'Update'), delete with confirmation, and 'Proofs & Collaboration'
 * (links, mockups, the live room), loaded when opened.
 */
import { centsToAmountString, dollarsToCents, formatDollars } from '@shared/money';
import {
  QUOTE_DESK_MESSAGES,
  QUOTE_STATUS_LABELS,
  type QuoteRequestView,
  quoteAmountInput,
} from '@shared/schemas/quote-desk';
import { quoteSizeText } from '@shared/schemas/quotes';
import { ChevronDown, Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ActionBar } from '@/features/admin/components/action-bar';
import { DeleteAction } from '@/features/admin/components/delete-action';
import { downloadLogoFile } from '@/features/admin/components/logo-dialog';
import { RecordHeading } from '@/features/admin/components/record-heading';
import { toastError } from '@/features/admin/notify';
import { toast } from '@/lib/toast';
import { useDeleteQuote, useUpdateQuote } from '../api';
import { QuoteWorkspace } from './quote-workspace';

const PIN_TYPES: Record<string, string> = {
  pins: 'Pins',
  ball_markers: 'Ball markers',
  coins: 'Coins',
};

/** Logo download name: Quote-{id}_{customer name with spaces as underscores}_Logo.{ext} (png by default). */
export function logoDownloadName(
  quote: Pick<QuoteRequestView, 'id' | 'customerName' | 'logoFileName'>,
) {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(quote.logoFileName ?? '')?.[1]?.toLowerCase() ?? 'png';
  return `Quote-${quote.id}_${quote.customerName.trim().replace(/\s+/g, '_')}_Logo.${ext}`;
}

export function QuoteRequestCard({ quote }: { quote: QuoteRequestView }) {
  const titleId = `quote-${quote.id}-title`;
  const [open, setOpen] = useState(false);
  const [logoBroken, setLogoBroken] = useState(false);
  const remove = useDeleteQuote();
  const rows: [string, string | null][] = [
    ['Phone', quote.customerPhone],
    ['Company', quote.companyName],
    ['Product', PIN_TYPES[quote.pinType] ?? quote.pinType],
    ['Quantity', String(quote.quantity)],
    ['Size', quote.preferredSize ? quoteSizeText(quote.preferredSize) : null],
    ['Deadline', quote.deadlineDate],
    ['Quoted', quote.quotedAmount === null ? null : formatDollars(quote.quotedAmount)],
  ];

  const confirmDelete = () =>
    remove.mutateAsync(quote.id).then(
      () => {
        toast({
          title: 'Quote Deleted',
          description: `Quote request #${quote.id} has been deleted.`,
        });
        return true;
      },
      (error: unknown) => {
        toastError(error, 'Please try again.', QUOTE_DESK_MESSAGES.deleteFailed);
        return false;
      },
    );

  return (
    <article aria-labelledby={titleId}>
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-2">
          <RecordHeading titleId={titleId} record={quote}>
            Quote #{quote.id}
          </RecordHeading>
          <Badge
            variant={
              quote.status === 'pending'
                ? 'warning'
                : quote.status === 'quoted'
                  ? 'outline'
                  : 'success'
            }
          >
            <span className="sr-only">Status: </span>
            {QUOTE_STATUS_LABELS[quote.status]}
          </Badge>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            {rows.map(([label, value]) =>
              value ? (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="wrap-anywhere">{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <div className="space-y-1 text-sm">
            <h4 className="font-medium">Project description</h4>
            <p className="wrap-anywhere whitespace-pre-wrap">{quote.projectDescription}</p>
          </div>
          {quote.additionalNotes ? (
            <div className="space-y-1 text-sm">
              <h4 className="font-medium">Additional notes</h4>
              <p className="wrap-anywhere whitespace-pre-wrap">{quote.additionalNotes}</p>
            </div>
          ) : null}
          {quote.logoUrl ? (
            <div className="space-y-2">
              <h4 className="text-sm font-medium">Logo: {quote.logoFileName}</h4>
              {logoBroken ? (
                <p className="text-muted-foreground text-sm">Image could not be loaded</p>
              ) : (
                <img
                  src={quote.logoUrl}
                  alt={`Logo of ${quote.customerName}`}
                  className="max-h-[400px] max-w-full rounded border bg-white object-contain"
                  onError={() => setLogoBroken(true)}
                />
              )}
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => void downloadLogoFile(quote.logoUrl, logoDownloadName(quote))}
              >
                <Download aria-hidden="true" />
                Download Logo
              </Button>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">No Logo Uploaded</p>
          )}

          <QuoteForm quote={quote} />

          <ActionBar
            destructive={
              <DeleteAction
                itemName={`quote request #${quote.id}`}
                title={`Delete quote request #${quote.id}?`}
                description={`This permanently deletes the request of ${quote.customerName} with its comments, collaboration links and mockups. This cannot be undone.`}
                confirmLabel="Delete Quote"
                onDelete={confirmDelete}
              />
            }
          >
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
              Proofs &amp; Collaboration
            </Button>
          </ActionBar>
          {open ? <QuoteWorkspace quote={quote} /> : null}
        </CardContent>
      </Card>
    </article>
  );
}

function QuoteForm({ quote }: { quote: QuoteRequestView }) {
  const amountId = useId();
  const notesId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState(
    // Dollars with their cents ('1250.50', not '1250.5'), as they were typed.
    quote.quotedAmount === null ? '' : centsToAmountString(dollarsToCents(quote.quotedAmount)),
  );
  const [notes, setNotes] = useState(quote.quotedNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateQuote();
  const locked = quote.status === 'approved' || quote.status === 'completed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = quoteAmountInput.safeParse(amount.trim() === '' ? Number.NaN : Number(amount));
    if (!parsed.success) {
      setError(QUOTE_DESK_MESSAGES.invalidAmount);
      toast({
        title: QUOTE_DESK_MESSAGES.invalidAmountTitle,
        description: QUOTE_DESK_MESSAGES.invalidAmount,
        variant: 'destructive',
      });
      return;
    }
    setError(null);
    update.mutateAsync({ id: quote.id, quotedAmount: parsed.data, quotedNotes: notes }).then(
      () =>
        toast({
          title: quote.status === 'pending' ? 'Quote Sent' : 'Quote Updated',
          description: `Quote #${quote.id}: ${formatDollars(parsed.data)} sent to ${quote.customerEmail}.`,
        }),
      (error: unknown) => toastError(error, 'Please try again.', QUOTE_DESK_MESSAGES.updateFailed),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-md border p-3">
      <h4 className="text-sm font-semibold">Quote</h4>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="space-y-1">
          <Label htmlFor={amountId}>Quote amount (USD)</Label>
          <Input
            id={amountId}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            value={amount}
            disabled={locked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {error ? (
            <p id={errorId} className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <Label htmlFor={notesId}>Quote notes</Label>
          <Textarea
            id={notesId}
            rows={2}
            value={notes}
            disabled={locked}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
      </div>
      {locked ? (
        <p className="text-muted-foreground text-sm">
          The client approved this quote; its amount is fixed.
        </p>
      ) : (
        <Button type="submit" size="sm" pending={update.isPending}>
          {update.isPending ? 'Saving...' : quote.status === 'pending' ? 'Send Quote' : 'Update'}
        </Button>
      )}
    </form>
  );
}
