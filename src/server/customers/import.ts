/**
 * 'Import Customers' (back-office spec sections 2 "Discount Codes", 5, 7
 * POST /api/import-customers; issue 8): collects every customer e-mail address the shop
 * knows — catalogue orders, custom orders, quote requests and customer accounts (not
 * admins) — into the `customers` table, the audience of campaigns. One SQL statement:
 *
 * - addresses are trimmed and lower-cased; ones that do not look like an address are
 *   not imported (`invalid`);
 * - `duplicates`: rows naming an address that another row (in any source) also names;
 * - `imported`: distinct addresses added now; `skipped`: distinct addresses already in
 *   the list, plus the invalid ones;
 * - each new row gets the latest name and organisation seen and the source where the
 *   address appeared first. Existing rows are left as they are, so running it again
 *   imports nothing (idempotent) and two runs at once cannot add an address twice.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export interface ImportResult {
  imported: number;
  skipped: number;
  duplicates: number;
  invalid: number;
  /** Source rows looked at. */
  found: number;
}

/** Runs the import; see the module doc for the counts. */
export async function importCustomers(db: DbOrTx): Promise<ImportResult> {
  const result = await db.execute(sql`
    with src as (
      select lower(trim(customer_email)) as email, nullif(trim(customer_name), '') as name,
             null::text as organization, 'order' as source, created_at
        from orders
      union all
      select lower(trim(customer_email)), nullif(trim(customer_name), ''), null, 'custom_order', created_at
        from custom_orders
      union all
      select lower(trim(customer_email)), nullif(trim(customer_name), ''),
             nullif(trim(company_name), ''), 'quote', created_at
        from quote_requests
      union all
      select lower(trim(email)), null, null, 'account', created_at
        from users where role <> 'admin'
    ),
    valid as (
      select * from src where email ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'
    ),
    firsts as (
      select distinct on (email) email, source from valid order by email, created_at asc
    ),
    names as (
      select distinct on (email) email, name from valid where name is not null
       order by email, created_at desc
    ),
    orgs as (
      select distinct on (email) email, organization from valid where organization is not null
       order by email, created_at desc
    ),
    ins as (
      insert into customers (email, name, organization, source)
      select f.email, n.name, o.organization, f.source
        from firsts f left join names n using (email) left join orgs o using (email)
      on conflict (email) do nothing
      returning email
    )
    select (select count(*) from src)::int as found,
           (select count(*) from valid)::int as valid_rows,
           (select count(distinct email) from valid)::int as distinct_emails,
           (select count(*) from ins)::int as imported
  `);
  const row = (
    result as unknown as {
      rows: { found: number; valid_rows: number; distinct_emails: number; imported: number }[];
    }
  ).rows[0]!;
  const invalid = row.found - row.valid_rows;
  return {
    imported: row.imported,
    skipped: row.distinct_emails - row.imported + invalid,
    duplicates: row.valid_rows - row.distinct_emails,
    invalid,
    found: row.found,
  };
}
