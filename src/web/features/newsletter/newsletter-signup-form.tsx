/**
 * The newsletter sign-up form (storefront spec section 7; DECISIONS.md): an e-mail field
 * (required, trimmed non-empty; the button is `unavailable` while empty and `pending`
 * while submitting, 'Subscribing...', so it keeps the focus), 'Get My 15% Discount' and a privacy note. POST /api/newsletter-signup
 * {email, source}; on success the flag `golfpins_subscribed` = true is stored (the popup
 * then stays away), the welcome toast shows and `onSubscribed` runs; on failure
 * 'Something went wrong'. An address the shared schema refuses is not sent: the field
 * says why (the form is `noValidate`, so the browser's own check does not). Used by the
 * newsletter popup and the blog's footer band.
 */

import { NewsletterSignupBody } from '@shared/schemas/campaigns';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { SUBSCRIBED_KEY } from './popup-rules';

export function NewsletterSignupForm({
  source,
  onSubscribed,
  className,
}: {
  /** Where the sign-up came from (stored with the subscriber, at most 40 characters). */
  source: string;
  onSubscribed?(): void;
  className?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const signup = useMutation({
    mutationFn: (body: { email: string; source: string }) =>
      api.post<{ message: string }>('/api/newsletter-signup', body),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    const checked = NewsletterSignupBody.shape.email.safeParse(value);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Invalid email address');
      input.current?.focus();
      return;
    }
    signup.mutateAsync({ email: value, source }).then(
      () => {
        try {
          localStorage.setItem(SUBSCRIBED_KEY, 'true');
        } catch {
          // storage blocked: nothing to remember with
        }
        setEmail('');
        onSubscribed?.();
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
    <form onSubmit={submit} className={cn('space-y-3', className)} noValidate>
      <div className="space-y-1">
        <Label htmlFor={`${id}-email`}>Email address</Label>
        <Input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          ref={input}
          value={email}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(null);
          }}
        />
        {invalid && (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {invalid}
          </p>
        )}
      </div>
      {/* Never `disabled`: a disabled button drops its focus to the page's start, as it did
          when a sign-up emptied the field. Empty, it is `unavailable` (aria-disabled; and
          `submit` ignores it); while sending, `pending`. */}
      <Button
        type="submit"
        className="w-full"
        unavailable={!email.trim()}
        pending={signup.isPending}
      >
        {signup.isPending ? 'Subscribing...' : 'Get My 15% Discount'}
      </Button>
      <p className="text-muted-foreground text-xs">
        We respect your privacy: one click unsubscribes you, and we never share your address.
      </p>
    </form>
  );
}
