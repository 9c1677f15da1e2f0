/**
 * The promo code (upper case) and discount (%) fields of a campaign form, shared by the
 * Tournament and VIP sections (back-office spec: discount 1-50). `prefix` makes the ids
 * unique per form.
 */
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function CodeAndDiscount({
  prefix,
  code,
  discount,
  setCode,
  setDiscount,
}: {
  prefix: string;
  code: string;
  discount: string;
  setCode(v: string): void;
  setDiscount(v: string): void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-code`}>Promo code</Label>
        <Input
          id={`${prefix}-code`}
          value={code}
          maxLength={40}
          className="uppercase"
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-discount`}>Discount (%)</Label>
        <Input
          id={`${prefix}-discount`}
          type="number"
          min={1}
          max={50}
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
        />
      </div>
    </div>
  );
}
