/**
 * Migration 0017 (one custom order per quote) on a database from before the race fix
 * (docs/decisions.md "Upgrading a database with two orders of one quote"): two custom
 * orders of one quote are migrated, not refused. PGlite only, in every project: the
 * migration is plain SQL that PGlite runs as PostgreSQL does.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A copy of the migrations folder whose journal stops after the migration tagged `lastTag`
 * (drizzle's migrator applies exactly the journal's entries). Returns the copy's path.
 */
function migrationsUpTo(lastTag: string, into: string): string {
  const folder = path.join(into, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return folder;
}

describe('migration 0017 on a quote that already became two custom orders', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-migration-0017-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the earliest order on the quote, detaches the later one, reports it and builds the index', async () => {
    const pglite = await PGlite.create('memory://');
    try {
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: migrationsUpTo('0016_mail_handed', dir) });

      // As the race left them (before the fix): two paid deposits of one quote, plus an
      // order of another quote and a wizard order, which the migration must leave alone.
      const quotes = await pglite.query<{ id: number }>(
        `insert into quote_requests (customer_name, customer_email, project_description, quantity)
         values ('Dana Birdie', 'dana@example.com', 'Club crest pins', 200),
                ('Lee Eagle', 'lee@example.com', 'Tournament markers', 100)
         returning id`,
      );
      const [quote, other] = quotes.rows.map((r) => r.id);
      const order = async (quoteId: number | null, depositPaymentId: string) => {
        const res = await pglite.query<{ id: number }>(
          `insert into custom_orders (quantity, size, plating, price_per_pin_cents,
             total_price_cents, deposit_cents, remaining_balance_cents, customer_email,
             customer_name, quote_request_id, deposit_payment_id)
           values (200, '1"', 'gold', 250, 50000, 25000, 25000, 'dana@example.com',
             'Dana Birdie', $1, $2)
           returning id`,
          [quoteId, depositPaymentId],
        );
        return res.rows[0]!.id;
      };
      const first = await order(quote!, 'PAY-FIRST');
      const wizard = await order(null, 'PAY-WIZARD');
      const second = await order(quote!, 'PAY-SECOND');
      const otherOrder = await order(other!, 'PAY-OTHER');

      await migrate(db, { migrationsFolder });

      const rows = await pglite.query<{ id: number; quote_request_id: number | null }>(
        'select id, quote_request_id from custom_orders order by id',
      );
      expect(rows.rows).toEqual([
        { id: first, quote_request_id: quote },
        { id: wizard, quote_request_id: null },
        { id: second, quote_request_id: null },
        { id: otherOrder, quote_request_id: other },
      ]);

      const index = await pglite.query<{ indexdef: string }>(
        `select indexdef from pg_indexes
         where tablename = 'custom_orders' and indexname = 'custom_orders_quote_request_idx'`,
      );
      expect(index.rows).toHaveLength(1);
      expect(index.rows[0]!.indexdef).toMatch(/^CREATE UNIQUE INDEX/);

      // The detached order's trace: one open payment problem for the admin.
      const incidents = await pglite.query<{
        provider_order_id: string | null;
        kind: string;
        message: string;
        details: unknown;
        resolved: boolean;
      }>('select provider_order_id, kind, message, details, resolved from payment_incidents');
      expect(incidents.rows).toEqual([
        {
          provider_order_id: 'PAY-SECOND',
          kind: 'quote_order_detached',
          message: expect.stringContaining(
            `kept custom order #${first} as the quote's order and detached custom order #${second}`,
          ),
          details: {
            quoteRequestId: quote,
            keptCustomOrderId: first,
            detachedCustomOrderId: second,
            depositPaymentId: 'PAY-SECOND',
            depositCents: 25000,
            migration: '0017_quote_one_order',
          },
          resolved: false,
        },
      ]);
      expect(incidents.rows[0]!.message).toContain('(payment PAY-SECOND)');
      expect(incidents.rows[0]!.message).toContain('Dana Birdie (dana@example.com)');

      // The index now holds: a second order of the kept quote is refused.
      await expect(order(quote!, 'PAY-THIRD')).rejects.toThrow(/custom_orders_quote_request_idx/);
    } finally {
      await pglite.close();
    }
  });
});
