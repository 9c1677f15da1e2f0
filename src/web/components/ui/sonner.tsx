/**
 * The one toaster (see sonner-toaster.tsx), loaded lazily: Sonner (about 9 KB gzipped)
 * stays out of the first load of every page (issue 12); it arrives right after the
 * first paint, and `toast()` calls made before then are shown once it is mounted.
 */
import { lazy, Suspense } from 'react';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
