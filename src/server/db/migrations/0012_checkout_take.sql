-- Checkout throughput (issue 12; docs/decisions.md "Performance and several instances", 10).
-- Every order of one product contends for its stock row (and a shared discount code for its
-- row). The checkout takes those rows in ONE statement sent together with COMMIT, so their
-- locks are held only inside PostgreSQL (microseconds and the commit), never across a round
-- trip to the app. A refusal raises, which aborts the transaction (the COMMIT sent with it is
-- skipped); the app rolls back to its savepoint and refunds (checkout/service.ts).

-- One use of a discount code, never past max_uses (DECISIONS.md "Money and pricing"): a
-- conditional update, so concurrent uses cannot pass the limit. True when counted, false
-- when the code is used up (nothing changed). The one definition of the rule: checkout's
-- fp_take_order_rows and the custom orders' deposit (discounts/service.ts countDiscountUse).
CREATE OR REPLACE FUNCTION fp_count_discount_use(p_code_id integer) RETURNS boolean AS $$
BEGIN
  UPDATE discount_codes SET current_uses = current_uses + 1
   WHERE id = p_code_id AND (max_uses IS NULL OR current_uses < max_uses);
  RETURN FOUND;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- The contended rows of a catalogue order, in this order (the refusal checked first wins):
-- 1. each product's stock, in product id order (no two orders wait on each other in a
--    cycle): taken only when the product is active and has the units, never below zero;
--    in_stock and updated_at follow. Else SQLSTATE FP001, DETAIL the product id (sold out).
-- 2. p_limit_refused: a product the app found over the customer's per-customer limit
--    (checked before, under the customer's advisory locks); raised after the stock so a
--    sold-out product is reported first, as before. SQLSTATE FP002, DETAIL the product id.
-- 3. one use of p_discount_code_id (fp_count_discount_use). Else SQLSTATE FP003 (used up).
-- p_product_ids and p_quantities are parallel arrays (one entry per product). Returns nothing.
CREATE OR REPLACE FUNCTION fp_take_order_rows(
  p_product_ids integer[],
  p_quantities integer[],
  p_limit_refused integer,
  p_discount_code_id integer
) RETURNS void AS $$
DECLARE
  line record;
BEGIN
  FOR line IN
    SELECT t.id, t.qty FROM unnest(p_product_ids, p_quantities) AS t(id, qty) ORDER BY t.id
  LOOP
    UPDATE products
       SET stock_quantity = stock_quantity - line.qty,
           in_stock = stock_quantity - line.qty > 0,
           updated_at = now()
     WHERE id = line.id AND stock_quantity >= line.qty AND is_active;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'product % sold out', line.id USING ERRCODE = 'FP001', DETAIL = line.id::text;
    END IF;
  END LOOP;
  IF p_limit_refused IS NOT NULL THEN
    RAISE EXCEPTION 'product % over the per-customer limit', p_limit_refused
      USING ERRCODE = 'FP002', DETAIL = p_limit_refused::text;
  END IF;
  IF p_discount_code_id IS NOT NULL AND NOT fp_count_discount_use(p_discount_code_id) THEN
    RAISE EXCEPTION 'discount code % used up', p_discount_code_id USING ERRCODE = 'FP003';
  END IF;
END;
$$ LANGUAGE plpgsql;
