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
 * `pending`: the button's action is under way (a request in flight). The button stays
 * focusable and in the tab order (`aria-disabled`, not `disabled`: a disabled button that
 * has focus drops keyboard and screen-reader focus to the start of the page, a
 * screen-reader audit of 2026-11-27) and ignores clicks, including the click that submits
 * its form (Enter in a field clicks the form's default button), until it ends. Its own
 * `onClick` is not called meanwhile. `disabled` keeps its meaning: not available at all.
 */
function Button({
  className,
  variant,
  size,
  asChild = false,
  pending = false,
  onClick,
  ...props
}: React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean; pending?: boolean }) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(
        buttonVariants({ variant, size, className }),
        // Important: a page's own `aria-disabled:cursor-not-allowed` must not say "not
        // allowed" over a button that is only busy.
        pending && 'cursor-progress! opacity-50',
      )}
      {...props}
      aria-disabled={pending || props['aria-disabled'] || undefined}
      onClick={pending ? ignoreWhilePending : onClick}
    />
  );
}

/** A pending button's click: nothing happens, not even its form's submission. */
function ignoreWhilePending(event: React.MouseEvent<HTMLElement>): void {
  event.preventDefault();
  event.stopPropagation();
}

export { Button, buttonVariants };
