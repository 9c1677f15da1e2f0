/**
 * Client-side logo checks (storefront spec section 5 "Quote logo upload"): allowed
 * types png, jpeg, jpg, gif, svg+xml and at most 10 MB. The server checks again by
 * content (DECISIONS.md "Security"); this only spares the visitor a useless upload.
 */
import {
  QUOTE_LOGO_MAX_BYTES,
  QUOTE_LOGO_TYPES,
  QUOTE_MESSAGES,
} from '../../../shared/schemas/quotes';

const ALLOWED = new Set<string>([...QUOTE_LOGO_TYPES, 'image/jpg']);

/** The toast to show for a refused file, or null when the file may be uploaded. */
export function logoFileProblem(file: {
  type: string;
  size: number;
}): { title: string; description: string } | null {
  if (!ALLOWED.has(file.type)) {
    return { title: QUOTE_MESSAGES.invalidFileTitle, description: QUOTE_MESSAGES.invalidFile };
  }
  if (file.size > QUOTE_LOGO_MAX_BYTES) {
    return { title: QUOTE_MESSAGES.fileTooLargeTitle, description: QUOTE_MESSAGES.fileTooLarge };
  }
  return null;
}
