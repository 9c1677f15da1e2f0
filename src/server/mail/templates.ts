/**
 * E-mail contents. Each template returns the plain-text and HTML parts of one mail;
 * every value that comes from a customer or the catalogue is HTML-escaped with the
 * `escape-html` library before it goes into the HTML part.
 */
import escapeHtml from 'escape-html';
import { formatUsd } from '../../shared/money';
import type { AppConfig } from '../config';
import type { orders } from '../db/schema';
import type { OutgoingMail } from './service';

type OrderRow = typeof orders.$inferSelect;

/** The public page where a customer follows a catalogue order (back-office spec "Track Order"). */
export function trackOrderUrl(config: Pick<AppConfig, 'publicUrl'>, orderId: number): string {
  return `${config.publicUrl}/track-order?id=${orderId}&type=regular`;
}

/**
 * The order confirmation of a catalogue checkout (storefront spec section 8: "If you
 * don't receive a confirmation email, please contact support"): store name, order
 * number, lines with quantity and unit price, subtotal, discount, shipping and total
 * (cents formatted with `formatUsd`), shipping address and the Track Order link.
 * Returns an OutgoingMail of kind 'order_confirmation' addressed to the customer.
 */
export function orderConfirmationMail(
  order: OrderRow,
  config: Pick<AppConfig, 'publicUrl' | 'STORE_NAME' | 'STORE_EMAIL'>,
): OutgoingMail {
  const store = config.STORE_NAME;
  const link = trackOrderUrl(config, order.id);
  const subject = `${store}: order #${order.id} confirmed`;
  const lines = order.items.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    unit: formatUsd(l.unitPriceCents),
    total: formatUsd(l.unitPriceCents * l.quantity),
  }));
  const totals: [string, string][] = [
    ['Subtotal', formatUsd(order.subtotalCents)],
    ...(order.discountCents > 0
      ? ([
          [
            order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
            `-${formatUsd(order.discountCents)}`,
          ],
        ] as [string, string][])
      : []),
    ['Shipping', formatUsd(order.shippingCents)],
    ['Total', formatUsd(order.totalCents)],
  ];

  const text = [
    `Hi ${order.customerName},`,
    '',
    `Thank you for your order with ${store}. We have received your payment and your order #${order.id} is being processed.`,
    '',
    'Items:',
    ...lines.map((l) => `- ${l.name} x ${l.quantity} @ ${l.unit} = ${l.total}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Shipping address:',
    order.shippingAddress || '(none given)',
    '',
    `Track your order: ${link}`,
    '',
    `Questions? Write to ${config.STORE_EMAIL}.`,
    '',
    store,
  ].join('\n');

  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const right = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">${e(store)}</h1>
<p>Hi ${e(order.customerName)},</p>
<p>Thank you for your order. We have received your payment and your order <strong>#${order.id}</strong> is being processed.</p>
<table style="border-collapse:collapse">
<thead><tr><th ${cell}>Item</th><th ${right}>Qty</th><th ${right}>Unit price</th><th ${right}>Amount</th></tr></thead>
<tbody>
${lines
  .map(
    (l) =>
      `<tr><td ${cell}>${e(l.name)}</td><td ${right}>${l.quantity}</td><td ${right}>${e(l.unit)}</td><td ${right}>${e(l.total)}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>
${totals
  .map(
    ([label, amount]) =>
      `<tr><td colspan="3" ${right}>${e(label)}</td><td ${right}>${e(amount)}</td></tr>`,
  )
  .join('\n')}
</tfoot>
</table>
<h2 style="font-size:16px">Shipping address</h2>
<p>${order.shippingAddress ? e(order.shippingAddress).replace(/\r?\n/g, '<br>') : '(none given)'}</p>
<p><a href="${e(link)}">Track your order</a></p>
<p>Questions? Write to <a href="mailto:${e(config.STORE_EMAIL)}">${e(config.STORE_EMAIL)}</a>.</p>
</body></html>
`;
  return { to: order.customerEmail, subject, text, html, kind: 'order_confirmation' };
}
