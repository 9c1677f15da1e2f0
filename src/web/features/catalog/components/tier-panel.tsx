/**
 * Wholesale tier panel (storefront spec section 9, DECISIONS.md "Money and pricing"):
 * 1-9 full price, 10-24 10% off, 25+ 20% off, with the resulting unit prices (the
 * shared rule; the cart shows the server's price). The tier for `quantity` is marked.
 */
import { CATALOG_TIERS, catalogTierPercent, catalogUnitPrice } from '@shared/pricing';
import { cn } from '@/lib/utils';
import { formatPriceCents } from '../format';

export function TierPanel({
  basePriceCents,
  quantity,
}: {
  basePriceCents: number;
  quantity: number;
}) {
  const current = catalogTierPercent(quantity);
  return (
    <section aria-labelledby="tier-heading" className="rounded-xl border bg-emerald-50/60 p-4">
      <h2 id="tier-heading" className="font-semibold">
        Wholesale Pricing
      </h2>
      <ul className="mt-3 grid grid-cols-3 gap-2">
        {CATALOG_TIERS.map((tier) => {
          const active = tier.percentOff === current;
          return (
            <li
              key={tier.label}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'rounded-lg border bg-white px-1 py-2 text-center sm:p-3',
                active && 'border-primary ring-2 ring-primary/30',
              )}
            >
              <p className="text-sm font-medium text-slate-700">{tier.label}</p>
              <p className="text-base font-bold text-primary sm:text-lg">
                {formatPriceCents(catalogUnitPrice(basePriceCents, tier.minQuantity))}
              </p>
              <p className="text-xs text-slate-600">
                {tier.percentOff > 0 ? `${tier.percentOff}% off, each` : 'Full price, each'}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
