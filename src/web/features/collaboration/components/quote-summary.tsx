/** The quote's details on the collaboration page (back-office spec section 2: "quote details"). */
import { formatDollars } from '@shared/money';
import { QUOTE_STATUS_LABELS, type QuoteRequestView } from '@shared/schemas/quote-desk';
import { quoteSizeText } from '@shared/schemas/quotes';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

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
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          <span>Quote #{quote.id}</span>
          <Badge variant="outline">{QUOTE_STATUS_LABELS[quote.status]}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="break-words whitespace-pre-wrap">{quote.projectDescription}</p>
        {quote.quotedNotes ? (
          <p className="rounded-md bg-slate-50 p-2 break-words whitespace-pre-wrap">
            <span className="font-semibold">Notes from the shop: </span>
            {quote.quotedNotes}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
