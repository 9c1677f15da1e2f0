/**
 * The newsletter popup (storefront spec "Newsletter popup", sections 5, 7, 8; DECISIONS.md):
 * 'Get 15% Off Your First Order!' with an e-mail field (required, trimmed non-empty;
 * the button is `unavailable` while empty and `pending` while submitting, 'Subscribing...';
 * both aria-disabled, so it keeps the focus), 'Get My 15%
 * Discount', a privacy note and the benefits. POST /api/newsletter-signup {email,
 * source: popup_15off}; on success the flag `golfpins_subscribed` = true is stored, the
 * popup closes and the welcome toast shows; on failure 'Something went wrong' (the form is
 * NewsletterSignupForm, shared with the blog's footer band).
 * Loaded lazily by NewsletterPopupTrigger when it is time to open.
 */
import { NEWSLETTER_SOURCE } from '@shared/schemas/campaigns';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NewsletterSignupForm } from './newsletter-signup-form';

export default function NewsletterPopup({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  // It opens by itself (no trigger button): on close the focus goes back to wherever the
  // visitor was (WCAG 2.4.3), as for every dialog (components/ui/return-focus.ts).
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Get 15% Off Your First Order!</DialogTitle>
          <DialogDescription>
            Join our newsletter and we will e-mail you a personal 15% code.
          </DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Your 15% code as soon as you confirm your e-mail</li>
          <li>Early access to new designs</li>
          <li>Exclusive tournament collections</li>
          <li>Special offers</li>
        </ul>
        <NewsletterSignupForm source={NEWSLETTER_SOURCE} onSubscribed={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
