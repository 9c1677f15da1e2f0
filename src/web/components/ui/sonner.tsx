/**
 * The one toaster (see sonner-toaster.tsx), loaded lazily: Sonner (about 9 KB gzipped)
 * stays out of the first load of every page (issue 12) and out of the first render
 * (issue 10); it is loaded and mounted when the first toast is asked for, and `toast()`
 * calls made before then are shown once it is mounted (lib/toast.ts).
 */
import { lazy, Suspense } from 'react';
import { useToasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

export function Toaster() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
