/**
 * An e-mail's subject line: a labelled input of at most 200 characters (the server's limit,
 * shared/schemas/campaigns.ts and custom-orders.ts AdminOrderEmailBody). `id` names the input.
 */
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function SubjectField({
  id,
  label = 'Subject',
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} maxLength={200} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
