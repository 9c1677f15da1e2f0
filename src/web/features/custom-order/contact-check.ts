/**
 * Step 4 of the custom pin wizard checked as the server checks it: name, e-mail, phone and
 * notes with the zod fields POST /api/custom-orders/prepare parses the draft with
 * (shared/schemas/custom-order-contact.ts; docs/decisions.md "The wizard checks what the
 * server checks"). Apart from wizard-state.ts so that zod arrives with the later steps'
 * chunk (components/wizard-steps.tsx re-exports these), not in /custom's first load.
 */
import {
  CustomOrderContact,
  type CustomOrderContactField,
} from '../../../shared/schemas/custom-order-contact';
import type { WizardState } from './wizard-state';

/** The step 4 text fields, checked with the server's own schema fields. */
const CONTACT_FIELDS = ['customerName', 'customerEmail', 'customerPhone', 'notes'] as const;

/**
 * The server's message for each step 4 text field it would refuse (name, e-mail, phone,
 * notes), from the same zod fields POST /api/custom-orders/prepare parses the draft with
 * (shared/schemas/custom-order-contact.ts); a field that passes is absent.
 */
export function contactErrors(
  state: Pick<WizardState, CustomOrderContactField>,
): Partial<Record<CustomOrderContactField, string>> {
  const errors: Partial<Record<CustomOrderContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const result = CustomOrderContact.shape[field].safeParse(state[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Invalid value';
  }
  return errors;
}

/**
 * What step 4 still needs before 'Next Step' works, as short instructions (empty when
 * nothing is missing), so a disabled button says why. Everything but the file is the
 * server's own check (`contactErrors`).
 */
export function detailsMissing(state: WizardState, hasLogo: boolean): string[] {
  const missing: string[] = [];
  const errors = contactErrors(state);
  if (!hasLogo) missing.push('upload your logo or design file');
  if (errors.customerName)
    missing.push(state.customerName.trim() === '' ? 'enter your full name' : 'shorten your name');
  if (errors.customerEmail) missing.push('enter a valid email address');
  if (errors.customerPhone) missing.push('shorten your phone number');
  if (errors.notes) missing.push('shorten your notes');
  return missing;
}
