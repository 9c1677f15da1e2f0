/**
 * Mail whose HTML part is rendered when it is delivered, not in the request that wrote it
 * (issue 12: the order confirmation's React Email rendering cost the checkout request
 * 0.8 ms of CPU). The outbox row carries `html_source` (what to render from) instead of
 * `html_body`; the row committed with the order stays the guarantee that the mail goes
 * out exactly once, and the worker renders the HTML when it sends it (mail/service.ts
 * `deliver`) with the configuration of that moment (store name, e-mail, public URL).
 */
import type { AppConfig } from '../config';
import type { MailHtmlSource, orders } from '../db/schema';
import { orderConfirmationHtml } from './templates';

type OrderRow = typeof orders.$inferSelect;

/** The configuration the deferred templates read. */
export type HtmlConfig = Pick<AppConfig, 'publicUrl' | 'STORE_NAME' | 'STORE_EMAIL'>;

/**
 * The HTML part of an outbox row: `htmlBody` when it was rendered on write, else rendered
 * now from `htmlSource`; null when the mail has no HTML part.
 */
export function htmlOf(
  row: { htmlBody: string | null; htmlSource: MailHtmlSource | null },
  config: HtmlConfig,
): string | null {
  if (row.htmlBody !== null) return row.htmlBody;
  const source = row.htmlSource;
  if (!source) return null;
  switch (source.template) {
    case 'order_confirmation': {
      // Stored as JSON: the one date comes back as text.
      const order = source.order as unknown as OrderRow & { createdAt: string | Date };
      return orderConfirmationHtml(
        { ...order, createdAt: new Date(order.createdAt) },
        config,
        source.trackKey,
      );
    }
  }
}
