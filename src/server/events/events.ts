/**
 * Shop events: facts a domain module publishes, inside the transaction that made them
 * true, so whatever reacts (today: the mail rules) commits or rolls back with it.
 * DECISIONS.md "All outgoing mail goes through a durable job queue"; issue 9: each mail
 * "fires from the event that causes it, in that event's transaction ... one place
 * decides" — that place is `mail/rules.ts`, not the module that publishes.
 *
 * Publish from the one service function every path goes through when the fact becomes
 * true (e.g. the function that sets a status), never from a route handler.
 * To add an event: a member of `ShopEvent` here (`<domain>.<past tense>`, with the rows
 * the reaction needs), `publish` it, and a case in `mail/rules.ts` (the compiler insists).
 */
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { OrPlaceholders } from '../db/commit';
import {
  type customOrders,
  mailOutbox,
  type manualInvoices,
  type orders,
  type quoteCollaborationSessions,
  type quoteRequests,
  type quoteRevisionHistory,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { mailForEvent, mailsFor } from '../mail/rules';
import { type NewOutboxRow, outboxValues } from '../mail/service';

export type OrderRow = typeof orders.$inferSelect;
export type CustomOrderRow = typeof customOrders.$inferSelect;
export type QuoteRow = typeof quoteRequests.$inferSelect;
export type CollaborationSessionRow = typeof quoteCollaborationSessions.$inferSelect;
export type RevisionRow = typeof quoteRevisionHistory.$inferSelect;
export type InvoiceRow = typeof manualInvoices.$inferSelect;

export type ShopEvent =
  // --- catalogue orders (checkout, orders) ---
  /** A catalogue order was placed and paid. */
  | { type: 'order.placed'; order: OrderRow }
  /** A catalogue order became `shipped` (tracking added or status set). */
  | { type: 'order.shipped'; order: OrderRow }
  /** A catalogue order became `delivered`. */
  | { type: 'order.delivered'; order: OrderRow }
  // --- custom orders ---
  /** A custom order was created from a captured deposit. */
  | { type: 'custom_order.deposit_paid'; customOrder: CustomOrderRow }
  /** The admin moved a custom order to another status (`from` is the old one). */
  | { type: 'custom_order.status_changed'; customOrder: CustomOrderRow; from: string }
  /** A balance payment link was generated; `url` is the customer's link. */
  | { type: 'custom_order.balance_link_created'; customOrder: CustomOrderRow; url: string }
  /** The balance was captured; the order is `balance_paid`. */
  | { type: 'custom_order.balance_paid'; customOrder: CustomOrderRow }
  /** The admin sent the production notice ('Send Production Email'). */
  | { type: 'custom_order.production_notice'; customOrder: CustomOrderRow; estimatedWeeks: string }
  // --- quotes and collaboration ---
  /** A quote request was submitted. */
  | { type: 'quote.requested'; quote: QuoteRow }
  /** The admin sent (or updated) the quote amount; `url` is the active collaboration link, if any. */
  | { type: 'quote.quoted'; quote: QuoteRow; url?: string | null }
  /** A collaboration link was created for the client; `url` is the link. */
  | {
      type: 'quote.collaboration_link_created';
      quote: QuoteRow;
      session: CollaborationSessionRow;
      url: string;
    }
  /** The admin uploaded a mockup revision; `url` is the collaboration link, if one is active. */
  | { type: 'quote.mockup_uploaded'; quote: QuoteRow; revision: RevisionRow; url: string | null }
  /** The client approved a proof. */
  | { type: 'quote.approved'; quote: QuoteRow; approvedBy: string }
  // --- invoices ---
  /** A manual invoice was created and sent; `payUrl` is its pay link. */
  | { type: 'invoice.sent'; invoice: InvoiceRow; payUrl: string }
  /** A manual invoice was paid. */
  | { type: 'invoice.paid'; invoice: InvoiceRow }
  // --- accounts ---
  /**
   * Someone asked to reset the password of the account `username` whose address is
   * `email`; `resetUrl` is the single-use link, valid `validMinutes`.
   */
  | {
      type: 'account.password_reset_requested';
      email: string;
      username: string;
      resetUrl: string;
      validMinutes: number;
    }
  /**
   * The password of the account `username` (address `email`) was changed, `via` a mailed
   * reset link or the signed-in My Account page; `forgotPasswordUrl` is where its owner
   * starts again if it was not them.
   */
  | {
      type: 'account.password_changed';
      email: string;
      username: string;
      via: 'reset_link' | 'my_account';
      forgotPasswordUrl: string;
    }
  // --- newsletter ---
  /** Someone signed up; they must confirm through `confirmUrl` (double opt-in). */
  | { type: 'newsletter.signup_requested'; email: string; confirmUrl: string }
  /**
   * A subscriber confirmed; `code` is their own single-use discount code (null: they
   * subscribed before and used it, so there is none this time).
   */
  | {
      type: 'newsletter.confirmed';
      email: string;
      code: string | null;
      percentOff: number;
      unsubscribeUrl: string;
    }
  // --- messages the admin writes ---
  /** The admin wrote to a customer ('Send Email' / 'Send Other Email'). */
  | {
      type: 'admin.message_sent';
      to: string;
      customerName: string | null;
      subject: string;
      message: string;
      /** What it is about, for the outbox list, e.g. 'custom_order:12'. */
      about: string;
    };

export type ShopEventType = ShopEvent['type'];

/** What reactions may use: the mail outbox and the configuration. */
export type EventDeps = Pick<AppDeps, 'mail' | 'config'>;

/**
 * Publishes `event` in `tx` (pass the caller's transaction). Reactions write in the same
 * transaction (outbox rows); nothing is sent before the commit (`mail.flush()` after it).
 * Throws what a reaction's write throws, which rolls the caller back.
 */
export async function publish(deps: EventDeps, tx: DbOrTx, event: ShopEvent): Promise<void> {
  await mailForEvent(deps, tx, event);
}

/**
 * The outbox rows `publish` writes for `event`, as values (none when it sends no mail),
 * for a caller that writes them inside one statement of its own with `publishedRowsWrites`
 * (checkout's order statement, issue 12).
 */
export async function publishRows(deps: EventDeps, event: ShopEvent): Promise<NewOutboxRow[]> {
  // The mail-link secret is read at start (app.ts), so this asks the database nothing.
  const secret = await deps.mail.linkSecret();
  return mailsFor(event, deps.config, secret).map((mail) =>
    outboxValues(mail, { hold: !deps.mail.sending }),
  );
}

/**
 * The writes of `rows` (from `publishRows`; any value may be a placeholder, for a
 * statement built once: checkout, issue 12), built not run.
 */
export function publishedRowsWrites(
  tx: DbOrTx,
  rows: OrPlaceholders<NewOutboxRow>[],
): (PromiseLike<unknown> & { getSQL(): SQL })[] {
  return rows.length ? [tx.insert(mailOutbox).values(rows)] : [];
}
