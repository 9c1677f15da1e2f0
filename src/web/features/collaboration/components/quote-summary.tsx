/** The quote's details on the collaboration page (back-office spec section 2: "quote details"). */
import { formatDollars } from '@shared/money';
import { QUOTE_STATUS_LABELS, type QuoteRequestView } from '@shared/schemas/quote-desk';
import { quoteSizeText } from '@shared/schemas/quotes';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const PIN_TYPES: Record<string, string> = {
  pins: 'Pins',
  ball_markers: 'Ball markers',
  coins: 'Coins',
};

export function QuoteSummary({ quote }: { quote: QuoteRequestView }) {
  const rows: [string, string][] = [
    [
      'Customer',
      quote.companyName ? `${quote.customerName}, ${quote.companyName}` : quote.customerName,
    ],
    ['Product', PIN_TYPES[quote.pinType] ?? quote.pinType],
    ['Quantity', String(quote.quantity)],
    ...(quote.preferredSize
      ? ([['Size', quoteSizeText(quote.preferredSize)]] as [string, string][])
      : []),
    ...(quote.deadlineDate ? ([['Deadline', quote.deadlineDate]] as [string, string][]) : []),
    ['Quote', quote.quotedAmount === null ? 'Not quoted yet' : formatDollars(quote.quotedAmount)],
  ];
  return (
    <Card className="min-w-0">
      <CardHeader>
        {/* A heading under the page's 'Design Review', as the room's Proof and Comments. */}
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg leading-none font-semibold">Quote #{quote.id}</h2>
          <Badge variant="outline">{QUOTE_STATUS_LABELS[quote.status]}</Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="whitespace-pre-wrap wrap-anywhere">{quote.projectDescription}</p>
        {quote.quotedNotes ? (
          <p className="rounded-md bg-slate-50 p-2 whitespace-pre-wrap wrap-anywhere">
            <span className="font-semibold">Notes from the shop: </span>
            {quote.quotedNotes}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
