/**
 * The quote desk and the collaboration room (back-office spec sections 2
 * "/quote-collaboration/{token}" and "Quote Requests", 3, 4, 5, 7, 9; issue 7).
 * Contracts of the admin quote calls, the collaboration session calls and every
 * WebSocket message (DECISIONS.md: one JSON object per message, `{"type": ...}` with
 * the fields at the top level, `{"type":"error","message":...}` for anything refused).
 * Amounts are dollars in the API and cents in the database.
 */

import { hasAtMostTwoDecimals } from '../money';
import { MAX_ORDER_DOLLARS, ONE_LINE, ONE_LINE_MESSAGE, RowId } from './common';
import { z } from './zod';

// --- quote requests (admin) -------------------------------------------------------

export const QUOTE_STATUSES = ['pending', 'quoted', 'approved', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Badge texts (spec section 4: pending 'Pending Review', quoted 'Quote Sent', approved, completed). */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  pending: 'Pending Review',
  quoted: 'Quote Sent',
  approved: 'Approved',
  completed: 'Completed',
};

/** Exact texts of the quote desk and collaboration (spec sections 5 and 8). */
export const QUOTE_DESK_MESSAGES = {
  invalidAmountTitle: 'Invalid Amount',
  invalidAmount: 'Please enter a valid quote amount.',
  updateFailed: 'Failed to update quote request.',
  deleteFailed: 'Failed to delete quote request.',
  sessionFailed: 'Failed to create collaboration session',
  clientName: 'Client name is required',
  clientEmail: 'Please enter a valid email address',
  commentEmpty: 'Comment cannot be empty',
  authorName: 'Author name is required',
  authorEmail: 'Please enter a valid email address',
  invalidLink: 'Invalid collaboration link',
  sessionNotFound: 'Session not found or expired',
  loadFailed: 'Failed to load collaboration session',
  notApproved: 'The proof is not approved yet.',
  payDeposit: 'Pay deposit',
  depositFailed: 'Failed to start the deposit payment. Please try again.',
} as const;

/** One quote request as the API shows it (quotedAmount in dollars). */
export const QuoteRequestView = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  companyName: z.string().nullable(),
  projectDescription: z.string(),
  quantity: z.number().int(),
  pinType: z.string(),
  logoFileName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  preferredSize: z.string().nullable(),
  deadlineDate: z.string().nullable(),
  additionalNotes: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  quotedAmount: z.number().nullable(),
  quotedNotes: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedRevision: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuoteRequestView = z.infer<typeof QuoteRequestView>;

/** One mockup revision (back-office spec section 3 `quote_revision_history`). */
export const RevisionView = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  revisionNumber: z.number().int(),
  changes: z.string(),
  authorName: z.string(),
  authorType: z.string(),
  mockupUrl: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type RevisionView = z.infer<typeof RevisionView>;

/** A collaboration link as the admin sees it. */
export const CollaborationSessionView = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string(),
  collaborationUrl: z.string(),
  expiresAt: z.string(),
  isActive: z.boolean(),
  lastActivity: z.string(),
  createdAt: z.string(),
});
export type CollaborationSessionView = z.infer<typeof CollaborationSessionView>;

/** GET /api/quote-requests/{id}: the quote with its revisions (oldest first); `sessions` for the admin only. */
export const QuoteDetail = QuoteRequestView.extend({
  revisions: z.array(RevisionView),
  sessions: z.array(CollaborationSessionView).optional(),
});
export type QuoteDetail = z.infer<typeof QuoteDetail>;

export const QUOTE_PAGE_SIZE = 20;

/** GET /api/quote-requests query (admin): status filter and page (newest first). */
export const QuoteListQuery = z.object({
  status: z.enum(QUOTE_STATUSES, { error: 'Unknown status' }).optional(),
  page: z.coerce.number().int('Invalid page').min(1, 'Invalid page').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(QUOTE_PAGE_SIZE),
});
export type QuoteListQuery = z.input<typeof QuoteListQuery>;

export const QuoteList = z.object({
  items: z.array(QuoteRequestView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QuoteList = z.infer<typeof QuoteList>;

/**
 * The admin's quote amount as typed (spec section 5: a number above 0, 'Please enter a
 * valid quote amount.'): dollars with at most two decimals, up to $1,000,000.
 */
export const quoteAmountInput = z
  .number({ error: QUOTE_DESK_MESSAGES.invalidAmount })
  .refine((v) => Number.isFinite(v) && v > 0, QUOTE_DESK_MESSAGES.invalidAmount)
  .refine((v) => v <= MAX_ORDER_DOLLARS, QUOTE_DESK_MESSAGES.invalidAmount)
  .refine(hasAtMostTwoDecimals, 'Amount must be in dollars with at most two decimals');

/**
 * PATCH /api/quote-requests/{id} {quotedAmount?, quotedNotes?, status?} (spec section 7).
 * A quotedAmount sets status 'quoted' (spec section 4); `status` alone may only mark an
 * approved quote 'completed'.
 */
export const UpdateQuoteBody = z
  .object({
    quotedAmount: quoteAmountInput.optional(),
    quotedNotes: z
      .string()
      .trim()
      .max(5000, 'Notes must be at most 5000 characters')
      .nullish()
      .transform((v) => v || null),
    status: z.enum(QUOTE_STATUSES, { error: 'Unknown status' }).optional(),
  })
  .refine((b) => b.quotedAmount !== undefined || b.status !== undefined, {
    message: QUOTE_DESK_MESSAGES.invalidAmount,
    path: ['quotedAmount'],
  });
export type UpdateQuoteBody = z.input<typeof UpdateQuoteBody>;

/** POST /api/collaboration/session (spec sections 5 and 7). */
export const CreateCollaborationSessionBody = z.object({
  quoteId: RowId,
  clientName: z
    .string({ error: QUOTE_DESK_MESSAGES.clientName })
    .trim()
    .min(1, QUOTE_DESK_MESSAGES.clientName)
    .max(200, 'Client name is too long')
    .regex(ONE_LINE, ONE_LINE_MESSAGE),
  clientEmail: z
    .string({ error: QUOTE_DESK_MESSAGES.clientEmail })
    .trim()
    .max(254, QUOTE_DESK_MESSAGES.clientEmail)
    .pipe(z.email(QUOTE_DESK_MESSAGES.clientEmail)),
});
export type CreateCollaborationSessionBody = z.input<typeof CreateCollaborationSessionBody>;

/** 201 answer of POST /api/collaboration/session. */
export const CollaborationSessionCreated = CollaborationSessionView;

/** GET /api/collaboration/session/{token} (spec section 7: "quoteId"). */
export const CollaborationSessionInfo = z.object({
  quoteId: z.number().int(),
  clientName: z.string(),
  expiresAt: z.string(),
});
export type CollaborationSessionInfo = z.infer<typeof CollaborationSessionInfo>;

/** A collaboration token: 32 random bytes as base64url (43 characters). */
export const CollaborationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid token');

// --- annotations ----------------------------------------------------------------

export const ANNOTATION_TYPES = ['comment', 'revision_request', 'approval'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
export const AUTHOR_TYPES = ['client', 'admin'] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];

/** Longest comment (characters). */
export const ANNOTATION_MAX_CHARS = 2000;
/** Largest WebSocket message the room reads (bytes); larger ones are refused with an error. */
export const WS_MESSAGE_MAX_BYTES = 8 * 1024;

/** A position on the mockup as a fraction of its width or height. */
const fraction = z
  .number({ error: 'Position must be a number' })
  .min(0, 'Position must be on the image')
  .max(1, 'Position must be on the image');

/**
 * An annotation as stored (spec section 5 "Annotation": content min 1 'Comment cannot
 * be empty', authorName min 1 'Author name is required', authorEmail valid,
 * annotationType one of three, positionX/positionY optional numbers), plus the pin's
 * revision and a thread parent. The room fills author fields from the session.
 */
export const AnnotationInput = z
  .object({
    content: z
      .string({ error: QUOTE_DESK_MESSAGES.commentEmpty })
      .trim()
      .min(1, QUOTE_DESK_MESSAGES.commentEmpty)
      .max(ANNOTATION_MAX_CHARS, `Comment must be at most ${ANNOTATION_MAX_CHARS} characters`),
    authorName: z
      .string({ error: QUOTE_DESK_MESSAGES.authorName })
      .trim()
      .min(1, QUOTE_DESK_MESSAGES.authorName)
      .max(80, 'Author name must be at most 80 characters'),
    authorEmail: z
      .string({ error: QUOTE_DESK_MESSAGES.authorEmail })
      .trim()
      .max(254, QUOTE_DESK_MESSAGES.authorEmail)
      .pipe(z.email(QUOTE_DESK_MESSAGES.authorEmail)),
    authorType: z.enum(AUTHOR_TYPES).default('client'),
    annotationType: z
      .enum(ANNOTATION_TYPES, { error: 'Unknown annotation type' })
      .default('comment'),
    positionX: fraction.optional(),
    positionY: fraction.optional(),
    revisionNumber: z.number().int('Invalid revision').positive('Invalid revision').optional(),
    /**
     * An approval's quoted amount as the client saw it, dollars: the server refuses the
     * approval when the quote now says another (docs/decisions.md issue 7 entry 10).
     */
    quotedAmount: z
      .number()
      .nonnegative('Invalid amount')
      .max(10_000_000, 'Invalid amount')
      .optional(),
    parentId: RowId.optional(),
  })
  .refine((a) => (a.positionX === undefined) === (a.positionY === undefined), {
    message: 'A pin needs both positionX and positionY',
    path: ['positionX'],
  })
  .refine((a) => a.positionX === undefined || a.revisionNumber !== undefined, {
    message: 'A pin needs the revision it is on',
    path: ['revisionNumber'],
  })
  .refine((a) => a.annotationType !== 'approval' || a.revisionNumber !== undefined, {
    message: 'Choose the proof to approve',
    path: ['revisionNumber'],
  })
  .refine((a) => a.annotationType !== 'approval' || a.quotedAmount !== undefined, {
    message: 'Approve the quoted amount you were shown',
    path: ['quotedAmount'],
  })
  .refine((a) => a.parentId === undefined || a.annotationType === 'comment', {
    message: 'Only comments can be replies',
    path: ['parentId'],
  })
  .refine((a) => a.parentId === undefined || a.positionX === undefined, {
    message: 'A reply belongs to its pin and has no position of its own',
    path: ['positionX'],
  });
export type AnnotationInput = z.input<typeof AnnotationInput>;

export const AnnotationView = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  authorName: z.string(),
  authorType: z.string(),
  content: z.string(),
  positionX: z.number().nullable(),
  positionY: z.number().nullable(),
  revisionNumber: z.number().int().nullable(),
  annotationType: z.enum(ANNOTATION_TYPES),
  status: z.string(),
  parentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AnnotationView = z.infer<typeof AnnotationView>;

/** Someone in the room: one entry per person, whatever number of tabs they have open. */
export const ActiveUser = z.object({
  id: z.string(),
  name: z.string(),
  authorType: z.enum(AUTHOR_TYPES),
});
export type ActiveUser = z.infer<typeof ActiveUser>;

// --- WebSocket messages -----------------------------------------------------------

/**
 * Client -> server. `session_join` (spec section 7: {sessionToken, quoteId, timestamp};
 * the admin joins with quoteId alone and the admin session cookie; `authorName` lets a
 * client say who is looking). `annotation` (spec: {content, annotationType, authorType,
 * timestamp}; authorType is decided by the server, not the message).
 */
export const ClientMessage = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('session_join'),
      sessionToken: z.string().max(100).optional(),
      quoteId: RowId,
      authorName: z.string().max(200).regex(ONE_LINE, ONE_LINE_MESSAGE).optional(),
      timestamp: z.union([z.number(), z.string().max(64)]).optional(),
    }),
    z.object({
      type: z.literal('annotation'),
      content: z.string({ error: QUOTE_DESK_MESSAGES.commentEmpty }).max(20_000),
      annotationType: z.string().max(40).optional(),
      authorType: z.string().max(40).optional(),
      positionX: z.number().optional(),
      positionY: z.number().optional(),
      revisionNumber: z.number().optional(),
      quotedAmount: z.number().optional(),
      parentId: z.number().optional(),
      timestamp: z.union([z.number(), z.string().max(64)]).optional(),
      /**
       * The sender's own id for this message: the answer names it (`annotation_saved`,
       * or the `error` refusing it), so the sender keeps its text until it is saved.
       */
      clientMessageId: z.string().max(64).optional(),
    }),
  ],
  { error: 'Unknown message type' },
);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Server -> client. */
export type ServerMessage =
  | {
      type: 'session_joined';
      quote: QuoteRequestView;
      revisions: RevisionView[];
      annotations: AnnotationView[];
      activeUsers: ActiveUser[];
      you: ActiveUser;
    }
  | { type: 'new_annotation'; annotation: AnnotationView }
  /** To the sender only: its annotation `clientMessageId` is stored (all others get new_annotation). */
  | { type: 'annotation_saved'; clientMessageId: string; annotation: AnnotationView }
  | { type: 'user_joined'; user: ActiveUser; activeUsers: ActiveUser[] }
  | { type: 'user_left'; user: ActiveUser; activeUsers: ActiveUser[] }
  | { type: 'new_revision'; revision: RevisionView }
  | { type: 'quote_updated'; quote: QuoteRequestView }
  /** `clientMessageId` names the refused annotation when the sender gave one. */
  | { type: 'error'; message: string; clientMessageId?: string };

/** Reconnect delays after a lost connection (spec sections 4 and 9: 5 tries, 1, 2, 4, 8, 16 s). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 16000] as const;
