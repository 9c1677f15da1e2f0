/**
 * The Sonner toaster itself, in its own chunk (loaded by components/ui/sonner.tsx after
 * the first paint; issue 12: Sonner is not first-load JavaScript).
 */
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '@/lib/toast';

/**
 * Error toasts: white text on the destructive red, the description included (Sonner
 * gives descriptions its own dark grey, unreadable on red), and a white close button
 * with a red cross. Contrast on #b91c1c: white 6.5:1, white/90 5.4:1 (WCAG AA).
 */
const ERROR_TOAST = [
  'bg-destructive! text-white! border-destructive!',
  '[&_[data-description]]:text-white/90!',
  '[&_[data-close-button]]:bg-white! [&_[data-close-button]]:text-destructive! [&_[data-close-button]]:border-white!',
].join(' ');

/**
 * The close button: 24 px (Sonner's is 20) at full strength, its tap area grown to 44 px by
 * a transparent ::after, and the site's focus ring (a mobile audit found 20 px).
 */
const CLOSE_BUTTON = [
  'size-6! opacity-100! [&>svg]:size-3.5',
  "after:absolute after:-inset-2.5 after:content-['']",
  'focus-visible:ring-[3px]! focus-visible:ring-ring! focus-visible:outline-none',
].join(' ');

/**
 * The one toaster: one toast visible at a time, 5000 ms (storefront spec section 9), at
 * the bottom of the screen so it never covers the header, the cart drawer's controls or
 * a heading (issue 10); on phones it spans the width less 16 px margins.
 */
function Toaster() {
  // Toasts asked for before this chunk arrived are shown now (lib/toast.ts waits for it).
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-center"
      toastOptions={{ classNames: { error: ERROR_TOAST, closeButton: CLOSE_BUTTON } }}
      richColors={false}
      closeButton
      // --toast-lift: the open cart drawer's footer height (cart-drawer.tsx), so a toast
      // never covers its Total and Checkout; on /custom, the wizard's buttons' distance from
      // the screen's bottom while they are near it (features/custom-order/toast-lift.ts).
      offset={{ bottom: 'calc(24px + var(--toast-lift, 0px))' }}
      mobileOffset={{ bottom: 'calc(16px + var(--toast-lift, 0px))', left: 16, right: 16 }}
    />
  );
}

export default Toaster;
