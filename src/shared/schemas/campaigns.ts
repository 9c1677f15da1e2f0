/**
 * Campaign and newsletter contracts (back-office spec sections 3, 5 and 7; storefront
 * spec "Newsletter popup"; issue 9). Texts are the specs' where they give one.
 */
import { z } from './zod';

export const CAMPAIGN_FIELDS_REQUIRED = 'Please fill in all campaign fields';
export const CSV_INVALID_TITLE = 'Invalid File';
export const CSV_INVALID_TEXT = 'Please upload a CSV file.';
export const MARKETING_REQUIRED = 'Please provide both subject and content.';
export const TOURNAMENT_DEFAULT_CODE = 'TOURNAMENT25';
export const TOURNAMENT_DEFAULT_PERCENT = 25;
export const NEWSLETTER_SOURCE = 'popup_15off';
export const NEWSLETTER_PERCENT = 15;

/** Tournament campaign: subject, promo code and discount required (back-office spec section 5). */
export const TOURNAMENT_INVALID = 'Invalid Data';

/**
 * A required text field: missing, not text or blank answers `required` (back-office spec
 * section 5's texts), never zod's own 'expected string'.
 */
const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

/** A promo code: trimmed, upper case, letters/digits/-/_ (spec: "promo codes forced to upper case"). */
const promoCode = (required: string) =>
  requiredText(required)
    .max(40, 'Promo code is too long')
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_-]+$/, 'Use letters, digits, - or _ in the code'));
export const PromoCode = promoCode(CAMPAIGN_FIELDS_REQUIRED);

/** Campaign discount: a whole percent from 1 to 50 (back-office spec section 9). */
export const CampaignPercent = z.coerce
  .number({ message: 'Discount must be a number from 1 to 50' })
  .int('Discount must be a whole number')
  .min(1, 'Discount must be from 1 to 50')
  .max(50, 'Discount must be from 1 to 50');

/**
 * The discount of a form: missing or blank answers `required`, else CampaignPercent.
 * `zeroIsMissing`: 0 or less also answers `required` (the tournament form: "discount above
 * 0 is required ('Invalid Data')", back-office spec section 5).
 */
const campaignPercent = (required: string, zeroIsMissing = false) =>
  z
    .custom<unknown>(
      (v) =>
        v !== undefined &&
        v !== null &&
        !(typeof v === 'string' && v.trim() === '') &&
        !(zeroIsMissing && Number(v) <= 0),
      { error: required },
    )
    .pipe(CampaignPercent);

/** An e-mail address, trimmed and lower case; with `required`, missing or blank answers it. */
const emailAddress = (required?: string) =>
  (required ? requiredText(required) : z.string().trim())
    .toLowerCase()
    .max(254)
    .pipe(z.email('Invalid email address'));

/** One parsed CSV row of the upload preview. */
export const CsvContact = z.object({
  line: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  organization: z.string().nullable(),
  /** Null when the row is valid; else why it is left out. */
  error: z.string().nullable(),
});
export type CsvContact = z.infer<typeof CsvContact>;

export const CsvUploadResponse = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  /** Valid, distinct addresses that will be mailed. */
  count: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(CsvContact),
});
export type CsvUploadResponse = z.infer<typeof CsvUploadResponse>;

export const TournamentCampaignBody = z.object({
  emailSubject: requiredText(TOURNAMENT_INVALID).max(200),
  promoCode: promoCode(TOURNAMENT_INVALID),
  discountPercent: campaignPercent(TOURNAMENT_INVALID, true),
  /** The upload to mail; default the newest tournament upload. */
  uploadId: z.number().int().positive().optional(),
});

export const MarketingAudience = z.enum(['all', 'customers', 'subscribers']);

export const MarketingEmailBody = z.object({
  subject: requiredText(MARKETING_REQUIRED).max(200),
  content: requiredText(MARKETING_REQUIRED).max(200_000),
  /** Comma-separated string or a list; trimmed, empties dropped. */
  excludeEmails: z
    .union([z.string().max(100_000), z.array(z.string().max(320)).max(10_000)])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(','))
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s !== ''),
    ),
  audience: MarketingAudience.default('all'),
});

export const MarketingTestBody = z.object({
  subject: requiredText(MARKETING_REQUIRED).max(200),
  content: requiredText(MARKETING_REQUIRED).max(200_000),
});

export const VipCampaignBody = z.object({
  csvFileName: requiredText(CAMPAIGN_FIELDS_REQUIRED).max(255),
  promoCode: PromoCode,
  discountPercent: campaignPercent(CAMPAIGN_FIELDS_REQUIRED),
});

export const VipEmailBody = z.object({
  email: emailAddress(CAMPAIGN_FIELDS_REQUIRED),
  name: z.string().trim().max(200).optional().default(''),
  promoCode: PromoCode,
  discountPercent: campaignPercent(CAMPAIGN_FIELDS_REQUIRED),
});

export const MassDiscountEmailBody = z.object({
  discountCode: z.string().trim().min(1).max(40),
});

export const CampaignProgress = z.object({
  id: z.number().int(),
  kind: z.enum(['tournament', 'marketing', 'vip', 'discount']),
  subject: z.string(),
  status: z.enum(['sending', 'done']),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** True while it is sending but outgoing mail (SMTP) is not configured: nothing moves. */
  waitingForMail: z.boolean(),
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

/** What every "send" answers: the campaign (a job) and its counts so far. */
export const CampaignStarted = z.object({
  campaignId: z.number().int(),
  total: z.number().int(),
  /** False when SMTP is not configured: the campaign waits until it is. */
  sending: z.boolean(),
  result: z.object({
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    pending: z.number().int(),
  }),
});
export type CampaignStarted = z.infer<typeof CampaignStarted>;

export const NewsletterSignupBody = z.object({
  email: emailAddress(),
  source: z.string().trim().max(40).optional().default(NEWSLETTER_SOURCE),
});

/** The same answer for a new, pending, confirmed or unsubscribed address (reveals nothing). */
export const NEWSLETTER_SIGNUP_MESSAGE =
  'Thanks! Check your email to confirm your subscription and get your 15% discount code.';
