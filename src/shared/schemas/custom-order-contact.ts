/**
 * The contact fields of a custom pin order draft (storefront spec section 3 "Custom order
 * draft"): name, e-mail, phone and notes, with their limits and messages. The server's
 * `CustomOrderDraft` (POST /api/custom-orders/prepare) is built from these, and the
 * wizard's step 4 checks the same fields, so the wizard never accepts details the server
 * then refuses (docs/decisions.md "The wizard checks what the server checks"). In a module
 * of its own, importing only zod, so the wizard's chunk does not carry the other schemas.
 */
import { z } from './zod';

/** Longest name, e-mail, phone and notes a custom order keeps (characters, after trimming). */
export const CUSTOM_CONTACT_MAX = {
  customerName: 200,
  customerEmail: 254,
  customerPhone: 50,
  notes: 2000,
} as const;

/** Optional text up to `max` characters after trimming; empty becomes undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** The draft's contact fields; messages are the ones the server answers in `errors`. */
export const CustomOrderContact = z.object({
  customerName: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CUSTOM_CONTACT_MAX.customerName, 'Name is too long'),
  customerEmail: z
    .string({ error: 'Valid email is required' })
    .trim()
    .max(CUSTOM_CONTACT_MAX.customerEmail, 'Valid email is required')
    .pipe(z.email('Valid email is required')),
  customerPhone: optionalText(CUSTOM_CONTACT_MAX.customerPhone),
  notes: optionalText(CUSTOM_CONTACT_MAX.notes),
});
export type CustomOrderContactField = keyof typeof CustomOrderContact.shape;
