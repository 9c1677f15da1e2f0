/**
 * Toast helper with the spec's title/description shape. `variant: 'destructive'`
 * marks errors. Only one toast is visible at a time (see components/ui/sonner-toaster.tsx).
 *
 * Sonner is loaded lazily (issue 12: not first-load JavaScript): a toast waits until
 * the toaster is mounted (`toasterMounted`), then shows; toasts keep their order.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds on screen (default 5000, components/ui/sonner-toaster.tsx). */
  duration?: number;
}

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toaster once it is mounted: queued toasts show from then on. */
export function toasterMounted(): void {
  markMounted();
}

export function toast({ title, description, variant = 'default', duration }: ToastInput): void {
  const options = duration === undefined ? { description } : { description, duration };
  void mounted
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => {
      if (variant === 'destructive') sonner.error(title, options);
      else sonner.success(title, options);
    });
}

/** Closes every toast (the page changed, issue 10); nothing to do before Sonner has loaded. */
export function dismissToasts(): void {
  void mounted.then(() => import('sonner')).then(({ toast: sonner }) => sonner.dismiss());
}
