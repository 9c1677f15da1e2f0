/**
 * The server writes /blog's filter buttons with a copy of the small Button's classes
 * (src/server/pages/content.ts SMALL_BUTTON), so the app's mount keeps the server's
 * elements unchanged (issue 10). This fails when the Button's classes change and the copy
 * does not.
 */
import { describe, expect, it } from 'vitest';
import { cn } from '@/lib/utils';
import { SMALL_BUTTON } from '../../../server/pages/content';
import { buttonVariants } from './button';

describe('the server copy of the small Button', () => {
  for (const variant of ['default', 'outline'] as const) {
    it(`matches the ${variant} variant's classes`, () => {
      expect(SMALL_BUTTON[variant]).toBe(cn(buttonVariants({ variant, size: 'sm' })));
    });
  }
});
