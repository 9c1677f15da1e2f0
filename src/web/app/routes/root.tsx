/** The page frame: header, the routed page, footer, cart drawer and the toaster. */
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '@/components/ui/sonner';

export function RootLayout() {
  useEffect(() => {
    // The splash shows only while the app loads (DECISIONS.md "Honest claims").
    document.getElementById('splash')?.remove();
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <Suspense fallback={<div className="p-8 text-center" role="status">Loading…</div>}>
        <Outlet />
      </Suspense>
      <Toaster />
    </div>
  );
}
