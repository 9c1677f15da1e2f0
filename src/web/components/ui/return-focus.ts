/**
 * Gives focus back to what had it when a dialog or sheet opened (WCAG 2.4.3 focus
 * order). Radix returns focus to its `Trigger` only; the shop opens most dialogs from
 * its own buttons (row actions, toolbar buttons), so without this the focus fell to
 * `<body>` on close and the next Tab started again at 'Skip to content' (an admin audit).
 *
 * Takes the content's own `onOpenAutoFocus` / `onCloseAutoFocus` (they run first; a
 * caller that calls `preventDefault()` on close keeps its own focus handling) and
 * returns the two handlers to pass on. When the opener is gone (a confirmed Delete
 * removed its row, the dialog with it) or goes a moment later (the row goes once the list
 * reloads), the focus goes to the title of the section the opener was in
 * (`keepFocusFromFallingOut`), not to `<body>`.
 */
import { useRef } from 'react';

/** How long after a dialog closes the returned focus is watched (a list reload). */
const WATCH_MS = 10_000;

/** The ids of the headings naming each `section[aria-labelledby]` around `el`, nearest first. */
function sectionTitleIds(el: HTMLElement): string[] {
  const ids: string[] = [];
  for (let up = el.parentElement; up; up = up.parentElement) {
    const label = up.tagName === 'SECTION' ? up.getAttribute('aria-labelledby') : null;
    if (label) ids.push(label);
  }
  return ids;
}

/**
 * Focuses the first heading of `titleIds` still on the page, else the page's `h1`
 * (made focusable by script only). Returns false when there is none.
 */
function focusSectionTitle(titleIds: string[]): boolean {
  const heading =
    titleIds.map((id) => document.getElementById(id)).find((el) => el !== null) ??
    document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/**
 * Watches `target` (just focused) for a while: if it leaves the document while it has
 * the focus, so the focus would fall to `<body>` and the next Tab start again at the
 * page's top (an admin audit: 'Delete' -> confirm), the focus moves to the title of the
 * nearest enclosing labelled section still on the page (`focusSectionTitle`). Stops at
 * the first other focus move or after WATCH_MS.
 */
export function keepFocusFromFallingOut(target: HTMLElement): void {
  const titleIds = sectionTitleIds(target);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', stop);
  };
  const observer = new MutationObserver(() => {
    if (target.isConnected) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body) focusSectionTitle(titleIds);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(stop, WATCH_MS);
  // Focus moving anywhere else (the user went on) ends the watch.
  document.addEventListener('focusin', stop);
}

export function useReturnFocus(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const opener = useRef<{ element: HTMLElement; titleIds: string[] } | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix asks before it moves the focus in: the opener still has it.
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body
          ? { element: active, titleIds: sectionTitleIds(active) }
          : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const from = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !from) return;
      if (from.element.isConnected) {
        event.preventDefault();
        from.element.focus();
        keepFocusFromFallingOut(from.element);
      } else if (focusSectionTitle(from.titleIds)) {
        event.preventDefault();
      }
    },
  };
}
