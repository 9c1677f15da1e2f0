/**
 * Opens the newsletter popup once per visitor after POPUP_DELAY_MS on shopping pages
 * (popup-rules.ts), or later while the visitor is busy (`visitorBusy`: the cart drawer or
 * another dialog open, a field focused), looking again every POPUP_RETRY_MS. The timer runs while the visitor stays on shopping pages and stops on
 * any other page; the popup's code is loaded only when it opens. Opening stores
 * POPUP_SEEN_KEY, so closing it (or signing up) means it never comes back.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  isShoppingPage,
  POPUP_DELAY_MS,
  POPUP_RETRY_MS,
  POPUP_SEEN_KEY,
  popupAllowed,
  visitorBusy,
} from './popup-rules';

const NewsletterPopup = lazy(() => import('./newsletter-popup'));

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function NewsletterPopupTrigger() {
  const { pathname } = useLocation();
  const shopping = isShoppingPage(pathname);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (!shopping || mounted || !popupAllowed(storage())) return;
    let timer: number;
    const openWhenFree = () => {
      if (!popupAllowed(storage())) return;
      // Never over the cart drawer or another dialog, nor while a field is being typed in.
      if (visitorBusy(document)) {
        timer = window.setTimeout(openWhenFree, POPUP_RETRY_MS);
        return;
      }
      try {
        storage()?.setItem(POPUP_SEEN_KEY, new Date().toISOString());
      } catch {
        return;
      }
      setMounted(true);
      setOpen(true);
    };
    timer = window.setTimeout(openWhenFree, POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [shopping, mounted]);

  // Leaving for checkout or admin closes it.
  useEffect(() => {
    if (!shopping) setOpen(false);
  }, [shopping]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
