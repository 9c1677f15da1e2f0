/**
 * When the newsletter popup may open (DECISIONS.md: "once per visitor, after 15 s on a
 * shopping page, never on checkout or admin pages, and never again once closed or
 * subscribed"; storefront spec: the flag `golfpins_subscribed` = true after sign-up).
 */
export const POPUP_DELAY_MS = 15_000;
/** When the visitor is busy at that moment (`visitorBusy`), how long until the next look. */
export const POPUP_RETRY_MS = 3_000;
/** Set to 'true' after a sign-up (storefront spec, key per DECISIONS.md "Naming"). */
export const SUBSCRIBED_KEY = 'golfpins_subscribed';
/** Set when the popup has opened once for this visitor (closed or not). */
export const POPUP_SEEN_KEY = 'golfpins_newsletter_popup_seen';

/** True on pages where people shop: home, catalogue, product, custom pins, quote, blog. */
export function isShoppingPage(pathname: string): boolean {
  if (pathname === '/' || pathname === '/wholesale' || pathname === '/custom') return true;
  if (pathname === '/quote' || pathname === '/blog') return true;
  return pathname.startsWith('/product/') || pathname.startsWith('/blog/');
}

/** True when this visitor has not seen the popup and has not subscribed. */
export function popupAllowed(storage: Pick<Storage, 'getItem'> | null): boolean {
  if (!storage) return false;
  try {
    return storage.getItem(SUBSCRIBED_KEY) !== 'true' && storage.getItem(POPUP_SEEN_KEY) === null;
  } catch {
    return false; // storage blocked: never nag someone we cannot remember
  }
}

/**
 * True while the visitor is in the middle of something the popup must not interrupt:
 * another dialog is open (the cart drawer, the mobile menu, an image viewer) or the focus
 * is in a form field (a discount code or a search being typed: the popup would take the
 * focus and the rest of the typing).
 */
export function visitorBusy(doc: Document): boolean {
  if (doc.querySelector('[role="dialog"], [role="alertdialog"], [aria-modal="true"]')) return true;
  return (
    doc.activeElement?.matches(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"]',
    ) ?? false
  );
}
