/**
 * Quote requests (storefront spec sections 2, 5, 7, 9; back-office spec section 3
 * `quote_requests`). Checks an uploaded logo by its content (DECISIONS.md "Security":
 * type enforced by content, not by name; SVG sanitised), stores the request with its
 * logo, and enqueues the customer's confirmation and the shop's notification in the
 * same transaction.
 */
import { QUOTE_LOGO_TYPES, QUOTE_MESSAGES, type QuoteRequest } from '../../shared/schemas/quotes';
import { quoteRequests } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../events/events';
import { type CheckedImage, checkImageContent } from '../files/image-check';
import { saveFile } from '../files/service';
import { HttpError } from '../lib/errors';

/** A logo accepted for storage: its real type and the bytes to store (SVG already sanitised). */
export type CheckedLogo = CheckedImage;

/** 415 with the spec's upload message (section 5). */
export const unsupportedLogo = () => new HttpError(415, QUOTE_MESSAGES.invalidFile);
/** 413 with the spec's upload message (section 5). */
export const logoTooLarge = () => new HttpError(413, QUOTE_MESSAGES.fileTooLarge);

/**
 * Checks an uploaded logo by its bytes (files/image-check.ts): PNG, JPEG, GIF or a
 * sanitised SVG (QUOTE_LOGO_TYPES). Throws 415 `unsupportedLogo()` for anything else,
 * including empty files.
 */
export async function checkLogo(data: Buffer, originalName: string): Promise<CheckedLogo> {
  const logo = await checkImageContent(data, originalName || 'logo', QUOTE_LOGO_TYPES);
  if (!logo) throw unsupportedLogo();
  return logo;
}

/**
 * Stores a validated quote request (status 'pending') and its checked logo, and
 * publishes `quote.requested` (the mails), all in one transaction; then hands queued mail to the sender.
 * Returns the new request's id.
 */
export async function createQuoteRequest(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config'>,
  input: QuoteRequest,
  logo: CheckedLogo | null,
): Promise<{ id: number }> {
  const id = await deps.db.transaction(async (tx) => {
    const stored = logo ? await saveFile(tx, logo) : null;
    const [row] = await tx
      .insert(quoteRequests)
      .values({
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone ?? null,
        companyName: input.companyName ?? null,
        projectDescription: input.projectDescription,
        quantity: input.quantity,
        pinType: input.pinType,
        preferredSize: input.preferredSize ?? null,
        deadlineDate: input.deadlineDate ?? null,
        additionalNotes: input.additionalNotes ?? null,
        logoFileName: logo?.originalName ?? null,
        logoUrl: stored?.url ?? null,
        status: 'pending',
      })
      .returning();
    await publish(deps, tx, { type: 'quote.requested', quote: row! });
    return row!.id;
  });
  return { id };
}
