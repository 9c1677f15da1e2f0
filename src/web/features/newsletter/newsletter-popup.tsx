/**
 * The newsletter popup (storefront spec "Newsletter popup", sections 5, 7, 8; DECISIONS.md):
 * 'Get 15% Off Your First Order!' with an e-mail field (required, trimmed non-empty;
 * the button is disabled while empty or submitting, 'Subscribing...'), 'Get My 15%
 * Discount', a privacy note and the benefits. POST /api/newsletter-signup {email,
 * source: popup_15off}; on success the flag `golfpins_subscribed` = true is stored, the
 * popup closes and the welcome toast shows; on failure 'Something went wrong'.
 * Loaded lazily by NewsletterPopupTrigger when it is time to open.
 */
import { NEWSLETTER_SOURCE } from '@shared/schemas/campaigns';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { SUBSCRIBED_KEY } from './popup-rules';

export default function NewsletterPopup({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const signup = useMutation({
    mutationFn: (body: { email: string; source: string }) =>
      api.post<{ message: string }>('/api/newsletter-signup', body),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    signup.mutateAsync({ email: value, source: NEWSLETTER_SOURCE }).then(
      () => {
        try {
          localStorage.setItem(SUBSCRIBED_KEY, 'true');
        } catch {
          // storage blocked: nothing to remember with
        }
        onOpenChange(false);
        toast({
          title: 'Welcome to the Golf Pins family!',
          description: 'Check your email for your 15% discount code...',
        });
      },
      () =>
        toast({
          title: 'Something went wrong',
          description: 'Please try again or contact us directly.',
          variant: 'destructive',
        }),
    );
  };
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
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="space-y-1">
            <Label htmlFor={`${id}-email`}>Email address</Label>
            <Input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <Button type="submit" className="w-full" disabled={!email.trim() || signup.isPending}>
            {signup.isPending ? 'Subscribing...' : 'Get My 15% Discount'}
          </Button>
          <p className="text-muted-foreground text-xs">
            We respect your privacy: one click unsubscribes you, and we never share your address.
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
