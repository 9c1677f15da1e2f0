/** Stock badge with the shared label rule (0 Out of Stock, 1-10 Low Stock, above 10 In Stock). */
import { stockLabel } from '@shared/pricing';
import { Badge } from '@/components/ui/badge';

const VARIANT = {
  'In Stock': 'success',
  'Low Stock': 'warning',
  'Out of Stock': 'secondary',
} as const;

export function StockBadge({
  stockQuantity,
  inStock,
  className,
}: {
  stockQuantity: number;
  inStock: boolean;
  className?: string;
}) {
  const label = stockLabel(stockQuantity, inStock);
  return (
    <Badge variant={VARIANT[label]} className={className}>
      {label}
    </Badge>
  );
}
