/**
 * Database rows of the quote desk -> API shapes (shared/schemas/quote-desk.ts):
 * cents become dollars, dates ISO text.
 */
import { centsToDollars } from '../../shared/money';
import type {
  AnnotationType,
  AnnotationView,
  CollaborationSessionView,
  QuoteRequestView,
  QuoteStatus,
  RevisionView,
} from '../../shared/schemas/quote-desk';
import type { AppConfig } from '../config';
import type { quoteAnnotations } from '../db/schema';
import type { CollaborationSessionRow, QuoteRow, RevisionRow } from '../events/events';

export type AnnotationRow = typeof quoteAnnotations.$inferSelect;

export function serializeQuote(q: QuoteRow): QuoteRequestView {
  return {
    id: q.id,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    companyName: q.companyName,
    projectDescription: q.projectDescription,
    quantity: q.quantity,
    pinType: q.pinType,
    logoFileName: q.logoFileName,
    logoUrl: q.logoUrl,
    preferredSize: q.preferredSize,
    deadlineDate: q.deadlineDate,
    additionalNotes: q.additionalNotes,
    status: q.status as QuoteStatus,
    quotedAmount: q.quotedAmountCents === null ? null : centsToDollars(q.quotedAmountCents),
    quotedNotes: q.quotedNotes,
    approvedAt: q.approvedAt?.toISOString() ?? null,
    approvedRevision: q.approvedRevision,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

export function serializeRevision(r: RevisionRow): RevisionView {
  return {
    id: r.id,
    quoteId: r.quoteId,
    revisionNumber: r.revisionNumber,
    changes: r.changes,
    authorName: r.authorName,
    authorType: r.authorType,
    mockupUrl: r.mockupUrl,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
  };
}

/** An annotation for the room; the author's e-mail is not shown to others. */
export function serializeAnnotation(a: AnnotationRow): AnnotationView {
  return {
    id: a.id,
    quoteId: a.quoteId,
    authorName: a.authorName,
    authorType: a.authorType,
    content: a.content,
    positionX: a.positionX,
    positionY: a.positionY,
    revisionNumber: a.revisionNumber,
    annotationType: a.annotationType as AnnotationType,
    status: a.status,
    parentId: a.parentId,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The page a collaboration token opens (back-office spec section 2). */
export function collaborationUrl(config: Pick<AppConfig, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/quote-collaboration/${token}`;
}

export function serializeSession(
  s: CollaborationSessionRow,
  config: Pick<AppConfig, 'publicUrl'>,
): CollaborationSessionView {
  return {
    id: s.id,
    quoteId: s.quoteId,
    clientName: s.clientName,
    clientEmail: s.clientEmail,
    collaborationUrl: collaborationUrl(config, s.sessionToken),
    expiresAt: s.expiresAt.toISOString(),
    isActive: s.isActive,
    lastActivity: s.lastActivity.toISOString(),
    createdAt: s.createdAt.toISOString(),
  };
}
