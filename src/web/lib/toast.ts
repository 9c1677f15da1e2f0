/**
 * Toast helper with the spec's title/description shape. `variant: 'destructive'`
 * marks errors. Only one toast is visible at a time (see components/ui/sonner-toaster.tsx).
 *
 * Sonner is loaded lazily (issue 12: not first-load JavaScript) and only when the first
 * toast is asked for (issue 10: not part of the first render): `toast()` marks the toaster
 * wanted (`useToasterWanted`), the toast waits until it is mounted (`toasterMounted`),
 * then shows; toasts keep their order.
 */
import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds on screen (default 5000, components/ui/sonner-toaster.tsx). */
  duration?: number;
  /**
   * The caller navigates right after (a sign-in, a redirect away from a forbidden page):
   * the toast speaks for the next page and survives that one page change.
   */
  forNextPage?: boolean;
}

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

let wanted = false;
const wantedListeners = new Set<() => void>();

function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** Whether a toast has been asked for yet (then the toaster slot mounts Sonner). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      wantedListeners.add(onChange);
      return () => wantedListeners.delete(onChange);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the toaster once it is mounted: queued toasts show from then on. */
export function toasterMounted(): void {
  markMounted();
}

/** Toasts (Sonner ids) that survive the next page change (`forNextPage`). */
const carried = new Set<string | number>();

export function toast({
  title,
  description,
  variant = 'default',
  duration,
  forNextPage = false,
}: ToastInput): void {
  const options = duration === undefined ? { description } : { description, duration };
  wantToaster();
  void mounted
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => {
      const id =
        variant === 'destructive' ? sonner.error(title, options) : sonner.success(title, options);
      if (forNextPage) carried.add(id);
    });
}

/**
 * Closes the toasts of the page that was left (issue 10), except those raised for the new
 * page (`forNextPage`), which close at the page change after. Both wait for Sonner in the
 * order they were called, so a toast raised before the navigation is known here.
 */
export function dismissToasts(): void {
  if (!wanted) return; // no toast was ever shown
  void mounted
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => {
      for (const shown of sonner.getToasts()) {
        if (!carried.has(shown.id)) sonner.dismiss(shown.id);
      }
      carried.clear();
    });
}
