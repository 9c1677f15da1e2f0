/**
 * Toast helper with the spec's title/description shape. `variant: 'destructive'`
 * marks errors. Only one toast is visible at a time (see components/ui/sonner.tsx).
 */
import { toast as sonner } from 'sonner';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds on screen (default 5000, components/ui/sonner.tsx). */
  duration?: number;
}

export function toast({ title, description, variant = 'default', duration }: ToastInput): void {
  const options = duration === undefined ? { description } : { description, duration };
  if (variant === 'destructive') sonner.error(title, options);
  else sonner.success(title, options);
}
