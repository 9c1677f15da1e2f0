/**
 * The admin's landing view (issue 8 "Dashboard"): figures for the chosen period (7 / 30
 * / 90 days) from GET /api/admin/dashboard — sales, orders and average order value
 * (catalogue and custom apart), deposits taken, balances outstanding, invoices, open
 * quotes, low and out-of-stock products, codes near their use limit, and how many
 * payment or mail problems need a human (linking to 'Money & Mail'); charts (sales per
 * day, orders by status) come from a lazily loaded chunk.
 */
import { formatDollars } from '@shared/money';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/schemas/dashboard';
import { AlertTriangle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { calendarDay, longDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useDashboard } from '../back-office-api';
import { LoadError } from './load-error';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/**
 * '1 payment problem' / '2 payment problems': `n` and the noun in the number's form (no
 * shared plural helper exists; the dashboard said '1 payment problems').
 */
function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="py-4">
      <CardContent className="space-y-1 px-4">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className="text-2xl font-semibold">{value}</p>
        {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

export function DashboardSection() {
  const [days, setDays] = useState<DashboardPeriod>(30);
  const q = useDashboard(days);
  const d = q.data;
  return (
    <div className="space-y-6">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Period</legend>
        {DASHBOARD_PERIODS.map((p) => (
          <label
            key={p}
            className={cn(
              'has-focus-visible:ring-ring/50 cursor-pointer rounded-md border px-3 py-1.5 text-sm font-medium has-focus-visible:ring-[3px]',
              p === days ? 'bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name="dashboard-period"
              value={p}
              checked={p === days}
              onChange={() => setDays(p)}
              className="sr-only"
            />
            Last {p} days
          </label>
        ))}
      </fieldset>

      {q.isLoading ? (
        <div role="status" aria-label="Loading the dashboard" className="grid gap-4 sm:grid-cols-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : q.isError || !d ? (
        <LoadError what="dashboard" onRetry={() => void q.refetch()} />
      ) : (
        <>
          {d.needsHuman.needsHuman > 0 ? (
            <p
              role="status"
              className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <AlertTriangle aria-hidden="true" className="size-4" />
              {count(d.needsHuman.needsHuman, 'item needs', 'items need')} your attention (
              {count(d.needsHuman.refundsOwed, 'refund')} owed,{' '}
              {count(d.needsHuman.capturesWithoutOrder, 'payment')} without an order,{' '}
              {count(d.needsHuman.openIncidents, 'payment problem')},{' '}
              {count(d.needsHuman.heldMail, 'held mail')} and{' '}
              {count(d.needsHuman.failedMail, 'failed mail')}).
              <Link to="/admin?section=incidents" className="font-medium underline">
                Open Money &amp; Mail
              </Link>
            </p>
          ) : null}

          <section aria-labelledby="dash-catalog" className="space-y-2">
            <h3 id="dash-catalog" className="font-semibold">
              Catalogue orders ({longDate(calendarDay(d.from), true)} –{' '}
              {longDate(calendarDay(d.to), true)})
            </h3>
            <div className="grid gap-4 sm:grid-cols-3">
              <Figure label="Sales" value={formatDollars(d.catalog.sales)} />
              <Figure label="Orders" value={String(d.catalog.orders)} />
              <Figure
                label="Average order value"
                value={formatDollars(d.catalog.averageOrderValue)}
              />
            </div>
          </section>
          <section aria-labelledby="dash-custom" className="space-y-2">
            <h3 id="dash-custom" className="font-semibold">
              Custom orders
            </h3>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              <Figure label="Sales" value={formatDollars(d.custom.sales)} />
              <Figure label="Orders" value={String(d.custom.orders)} />
              <Figure
                label="Average order value"
                value={formatDollars(d.custom.averageOrderValue)}
              />
              <Figure label="Deposits taken" value={formatDollars(d.custom.depositsTaken)} />
              <Figure
                label="Balances outstanding"
                value={formatDollars(d.balancesOutstanding.amount)}
                hint={`${count(d.balancesOutstanding.orders, 'order')}, all time`}
              />
            </div>
          </section>
          <section aria-labelledby="dash-other" className="space-y-2">
            <h3 id="dash-other" className="font-semibold">
              Invoices and quotes
            </h3>
            <div className="grid gap-4 sm:grid-cols-3">
              <Figure
                label="Invoices paid"
                value={formatDollars(d.invoices.paid)}
                hint={`${d.invoices.paidCount} in the period`}
              />
              <Figure
                label="Invoices unpaid"
                value={formatDollars(d.invoices.outstanding)}
                hint={`${d.invoices.outstandingCount} open`}
              />
              <Figure label="Open quotes" value={String(d.openQuotes)} hint="pending or quoted" />
            </div>
          </section>

          <Suspense
            fallback={
              <div role="status" aria-label="Loading charts" className="grid gap-6 lg:grid-cols-2">
                <Skeleton className="h-64" />
                <Skeleton className="h-64" />
              </div>
            }
          >
            <DashboardCharts data={d} />
          </Suspense>

          <div className="grid gap-4 lg:grid-cols-3">
            <ListCard
              title={`Out of stock (${d.outOfStock.length})`}
              empty="Nothing is out of stock."
              items={d.outOfStock.map((p) => ({ key: p.id, text: p.name }))}
              link={{ to: '/admin?section=products', label: 'Manage products' }}
            />
            <ListCard
              title={`Low stock (${d.lowStock.length})`}
              empty="No product is running low."
              items={d.lowStock.map((p) => ({
                key: p.id,
                text: `${p.name}: ${p.stockQuantity} left`,
              }))}
              link={{ to: '/admin?section=products', label: 'Manage products' }}
            />
            <ListCard
              title={`Codes near their limit (${d.codesNearLimit.length})`}
              empty="No code is near its use limit."
              items={d.codesNearLimit.map((c) => ({
                key: c.id,
                text: `${c.code}: ${c.usedCount} of ${c.maxUses} used`,
              }))}
              link={{ to: '/admin?section=discount-codes', label: 'Manage codes' }}
            />
          </div>
        </>
      )}
    </div>
  );
}

function ListCard({
  title,
  empty,
  items,
  link,
}: {
  title: string;
  empty: string;
  items: { key: number; text: string }[];
  link: { to: string; label: string };
}) {
  return (
    <Card className="py-4">
      <CardContent className="space-y-2 px-4">
        <h3 className="font-semibold">{title}</h3>
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <ul className="max-h-48 space-y-1 overflow-y-auto text-sm">
            {items.map((i) => (
              <li key={i.key}>{i.text}</li>
            ))}
          </ul>
        )}
        <Link
          to={link.to}
          className="text-primary text-sm font-medium underline-offset-4 hover:underline"
        >
          {link.label}
        </Link>
      </CardContent>
    </Card>
  );
}
