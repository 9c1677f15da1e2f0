import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and resolves Tailwind conflicts (shadcn/ui convention). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class map now (its first call costs several milliseconds of
 * set-up; start.tsx runs this in a task of its own before the first render).
 */
export function warmUpClassMerge(): void {
  twMerge('px-1', 'px-2');
}
