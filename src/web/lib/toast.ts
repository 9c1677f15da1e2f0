/**
 * Toast helper with the spec's title/description shape. `variant: 'destructive'`
 * marks errors. Only one toast is visible at a time (see components/ui/sonner.tsx).
 */
import { toast as sonner } from 'sonner';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export function toast({ title, description, variant = 'default' }: ToastInput): void {
  if (variant === 'destructive') sonner.error(title, { description });
  else sonner.success(title, { description });
}
