/**
 * The page frame: the focus move to a new page's heading after a client-side page change
 * (RouteFocus), skip link, the test-mode banner (test payments only), sticky header, the
 * routed page (each page renders its own <main id="main">), footer, the cart drawer
 * (loaded on first open), the newsletter popup (once per visitor, loaded when it opens),
 * the chat button (when configured) and the toaster (toasts close when the page changes).
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ChatWidget } from '@/components/layout/chat-widget';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { PageMain } from '@/components/layout/page-main';
import { RouteFocus } from '@/components/layout/route-focus';
import { ServerHeadCleanup } from '@/components/layout/server-head';
import { TestModeBanner } from '@/components/layout/test-mode-banner';
import { Toaster } from '@/components/ui/sonner';
import { useCartUi } from '@/features/cart/cart-state';
import { LazyCartDrawer } from '@/features/cart/components/lazy-cart-drawer';
import { NewsletterPopupTrigger } from '@/features/newsletter/newsletter-popup-trigger';
import { AfterFirstRender } from '@/lib/after-first-render';
import { dismissToasts } from '@/lib/toast';

/** Mounts the drawer once it has been opened the first time, then keeps it mounted. */
function CartDrawerSlot() {
  const { isOpen } = useCartUi();
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setWanted(true);
  }, [isOpen]);
  if (!wanted && !isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LazyCartDrawer />
    </Suspense>
  );
}

/** Closes any toast when the page changes (issue 10: a toast belongs to its page). */
function useDismissToastsOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) {
      first.current = pathname;
      dismissToasts();
    }
  }, [pathname]);
}

export function RootLayout() {
  useEffect(() => {
    // The splash shows only while the app loads (DECISIONS.md "Honest claims").
    document.getElementById('splash')?.remove();
  }, []);
  useDismissToastsOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      {/* Before the page: it notes the focus before the new page's effects can move it. */}
      <RouteFocus />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <Header />
      <Suspense
        fallback={
          <PageMain fillScreen className="p-8 text-center">
            <p role="status">Loading…</p>
          </PageMain>
        }
      >
        <Outlet />
      </Suspense>
      <Footer />
      {/* Floating, not in the server's HTML: built in the task after the first render (issue 10). */}
      <AfterFirstRender>
        <ChatWidget />
        <NewsletterPopupTrigger />
      </AfterFirstRender>
      <CartDrawerSlot />
      <Toaster />
      <ServerHeadCleanup />
      <ScrollRestoration />
    </div>
  );
}
