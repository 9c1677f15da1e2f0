/**
 * Toasts clear of the custom wizard's buttons (Previous, Next Step, Pay Deposit). The
 * toaster sits at the bottom centre (components/ui/sonner-toaster.tsx), and the buttons,
 * at the end of the step's card, come to the bottom of the screen whenever a user scrolls
 * down to them: a toast sat on them for its 5 s. While the buttons are in the bottom band a
 * toast takes, the wizard lifts the toaster above them through the toaster's
 * `--toast-lift`, as the open cart drawer does for its footer (cart-drawer.tsx).
 */
import { type RefObject, useEffect } from 'react';

const LIFT = '--toast-lift';

/**
 * The bottom band, in CSS px, that a toast at the bottom of the screen may take: the
 * toaster's 24 px offset and a toast up to 176 px tall (the wizard's tallest, a three-line
 * error on a 360 px phone, is about 110 px). Never more than half the screen.
 */
export const TOAST_BAND = 200;

/**
 * The toaster's lift, in CSS px, that keeps a bottom toast clear of buttons spanning `top`
 * to `bottom` (viewport coordinates) on a screen `viewportHeight` tall: 0 while they are off
 * screen or above the toast's band, else the distance from their top to the screen's
 * bottom, so the toast sits its usual offset above them.
 */
export function toastLiftAbove(top: number, bottom: number, viewportHeight: number): number {
  if (bottom <= 0 || top >= viewportHeight) return 0;
  const band = Math.min(TOAST_BAND, viewportHeight / 2);
  if (bottom <= viewportHeight - band) return 0;
  return Math.ceil(viewportHeight - top);
}

/**
 * Sets `--toast-lift` on the root from where `buttons` sits (toastLiftAbove), following
 * scrolling, resizing and layout changes, and removes it when unmounted. While `paused` (the
 * open cart drawer, which sets the lift for its own footer or leaves it at 0) it writes
 * nothing and takes its own lift away.
 */
export function useToastLiftAbove(buttons: RefObject<HTMLElement | null>, paused: boolean): void {
  useEffect(() => {
    if (paused) return;
    const root = document.documentElement;
    let written = '';
    let frame = 0;
    const apply = () => {
      frame = 0;
      const box = buttons.current?.getBoundingClientRect();
      const lift = box ? toastLiftAbove(box.top, box.bottom, window.innerHeight) : 0;
      const value = lift > 0 ? `${lift}px` : '';
      if (root.style.getPropertyValue(LIFT) !== value) {
        if (value) root.style.setProperty(LIFT, value);
        else root.style.removeProperty(LIFT);
      }
      written = value;
    };
    // In a frame: also after the drawer's clean-up, which removes its lift as it closes.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The buttons move when the step's content above them (or the page) changes height.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (buttons.current) observer?.observe(buttons.current);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
      if (written && root.style.getPropertyValue(LIFT) === written) root.style.removeProperty(LIFT);
    };
  }, [buttons, paused]);
}
