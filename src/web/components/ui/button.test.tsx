/**
 * The server writes /blog's filter buttons and /blog/{slug}'s Share button and links with
 * copies of the Button's classes (src/server/pages/content.ts SMALL_BUTTON, BUTTON), so the app's mount keeps the server's
 * elements unchanged (issue 10). This fails when the Button's classes change and the copy
 * does not.
 */
import { describe, expect, it } from 'vitest';
import { cn } from '@/lib/utils';
import { BUTTON, SMALL_BUTTON } from '../../../server/pages/content';
import { buttonVariants } from './button';

describe("the server's copies of the Button", () => {
  for (const variant of ['default', 'outline'] as const) {
    it(`matches the ${variant} variant's classes at the small size`, () => {
      expect(SMALL_BUTTON[variant]).toBe(cn(buttonVariants({ variant, size: 'sm' })));
    });
    it(`matches the ${variant} variant's classes at the default size`, () => {
      expect(BUTTON[variant]).toBe(cn(buttonVariants({ variant })));
    });
  }
});
