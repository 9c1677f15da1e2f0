/**
 * Keeping what the page just moved focus to in sight below the sticky header (a mobile
 * audit: the custom wizard's new step heading was focused under the header, its step
 * counter scrolled off). The header's height is the root's `scroll-padding-top`
 * (index.css), which `scrollIntoView` and focus scrolling honour too.
 */

/** The root's `scroll-padding-top` in CSS px: the band the sticky header covers. */
export function stickyHeaderClearance(doc: Document = document): number {
  const view = doc.defaultView;
  if (!view) return 0;
  return Number.parseFloat(view.getComputedStyle(doc.documentElement).scrollPaddingTop) || 0;
}

/**
 * Scrolls the page so that `top` starts just below the sticky header, unless `top` already
 * shows below the header and `bottom` (default `top`) ends inside the viewport: a step
 * change brings the step counter and the step's heading into view together, and leaves the
 * page where it is when both are already in sight.
 */
export function revealBelowHeader(top: Element, bottom: Element = top): void {
  const doc = top.ownerDocument;
  const view = doc.defaultView;
  if (!view) return;
  const hidden =
    top.getBoundingClientRect().top < stickyHeaderClearance(doc) ||
    bottom.getBoundingClientRect().bottom > view.innerHeight;
  if (hidden) top.scrollIntoView({ block: 'start' });
}
