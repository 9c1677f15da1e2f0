/**
 * Gives focus back to what had it when a dialog or sheet opened (WCAG 2.4.3 focus
 * order). Radix returns focus to its `Trigger` only; the shop opens most dialogs from
 * its own buttons (row actions, toolbar buttons), so without this the focus fell to
 * `<body>` on close and the next Tab started again at 'Skip to content' (an admin audit).
 *
 * Takes the content's own `onOpenAutoFocus` / `onCloseAutoFocus` (they run first; a
 * caller that calls `preventDefault()` on close keeps its own focus handling) and
 * returns the two handlers to pass on. When the opener is gone (its row was deleted),
 * Radix's default applies.
 */
import { useRef } from 'react';

export function useReturnFocus(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix asks before it moves the focus in: the opener still has it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
