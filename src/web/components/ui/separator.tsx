import type * as React from 'react';
import { cn } from '@/lib/utils';

function Separator({ className, ...props }: React.ComponentProps<'hr'>) {
  return (
    <hr
      data-slot="separator"
      className={cn('bg-border h-px w-full shrink-0 border-0', className)}
      {...props}
    />
  );
}

export { Separator };
