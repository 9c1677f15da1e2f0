import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils';

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-white shadow-xs hover:bg-destructive/90',
        outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 rounded-md gap-1.5 px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * shadcn/ui Button. `asChild` renders the child element (e.g. a router Link) with button styles.
 *
 * Three ways to say a button cannot act now (a screen-reader audit of 2026-11-27; WCAG
 * 2.4.3: a `disabled` button that has focus drops keyboard and screen-reader focus to the
 * start of the page, so the two states that come and go under the user's focus use
 * `aria-disabled` and stay focusable and in the tab order):
 * - `pending`: the button's action is under way (a request in flight). Greyed with the
 *   progress cursor; ignores clicks, including the click that submits its form (Enter in
 *   a field clicks the form's default button), until it ends. Its own `onClick` is not
 *   called meanwhile.
 * - `unavailable`: the action is not possible right now and nothing is in flight (plus at
 *   the stock cap, a page button at the last page, Save while nothing changed, a field it
 *   needs is empty). Greyed with the not-allowed cursor; ignores clicks and its form's
 *   submission exactly as `pending` does. When both are set `pending` wins (its look).
 * - `disabled` keeps its meaning: not available at all on this page (e.g. a sold-out
 *   product's Add to Cart); it leaves the tab order.
 * A control that must still take clicks while it looks unavailable (the custom wizard's
 * Next Step, which, pressed on an incomplete step, shows what is missing) uses neither: it
 * sets plain `aria-disabled` with its own look and handler.
 */
function Button({
  className,
  variant,
  size,
  asChild = false,
  pending = false,
  unavailable = false,
  onClick,
  ...props
}: React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    pending?: boolean;
    unavailable?: boolean;
  }) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(
        buttonVariants({ variant, size, className }),
        // Important: a page's own `aria-disabled:cursor-not-allowed` must not say "not
        // allowed" over a button that is only busy.
        pending ? 'cursor-progress! opacity-50' : unavailable && 'cursor-not-allowed opacity-50',
      )}
      {...props}
      aria-disabled={pending || unavailable || props['aria-disabled'] || undefined}
      onClick={pending || unavailable ? ignoreClick : onClick}
    />
  );
}

/** A pending or unavailable button's click: nothing happens, not even its form's submission. */
function ignoreClick(event: React.MouseEvent<HTMLElement>): void {
  event.preventDefault();
  event.stopPropagation();
}

export { Button, buttonVariants };
