-- One custom order per quote (docs/decisions.md "Two at once" 5). A database from before
-- that fix may hold two or more orders of one quote, on which the unique index below
-- cannot be built. The earliest order of each quote (lowest id) keeps the quote link; the
-- later ones are detached (quote_request_id NULL) and each is reported to the admin as an
-- open payment problem (payment_incidents), since its deposit was most likely paid twice
-- (docs/decisions.md "Upgrading a database with two orders of one quote").
-- Writes to custom_orders wait until this migration commits: an instance still on the old
-- version (`npm run db:migrate` before restarting) cannot add a duplicate in between.
LOCK TABLE "custom_orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "payment_incidents" ("provider_order_id", "kind", "message", "details")
SELECT
	"later"."deposit_payment_id",
	'quote_order_detached',
	'Quote #' || "later"."quote_request_id" || ' had become more than one custom order before the shop allowed only one per quote. '
		|| 'The upgrade kept custom order #' || "kept"."id" || ' as the quote''s order and detached custom order #' || "later"."id"
		|| ' from the quote (nothing else in it changed). The quote''s deposit was probably paid twice: check with '
		|| "later"."customer_name" || ' (' || "later"."customer_email" || ') whether they meant two orders; if not, refund the deposit of #'
		|| "later"."id" || coalesce(' (payment ' || "later"."deposit_payment_id" || ')', '')
		|| ' at the payment provider. Then mark this resolved with a note.',
	jsonb_build_object(
		'quoteRequestId', "later"."quote_request_id",
		'keptCustomOrderId', "kept"."id",
		'detachedCustomOrderId', "later"."id",
		'depositPaymentId', "later"."deposit_payment_id",
		'depositCents', "later"."deposit_cents",
		'migration', '0017_quote_one_order'
	)
FROM "custom_orders" AS "later"
JOIN (
	SELECT "quote_request_id", min("id") AS "id"
	FROM "custom_orders"
	WHERE "quote_request_id" IS NOT NULL
	GROUP BY "quote_request_id"
) AS "kept" ON "kept"."quote_request_id" = "later"."quote_request_id" AND "later"."id" > "kept"."id"
ORDER BY "later"."id";--> statement-breakpoint
UPDATE "custom_orders" AS "later" SET "quote_request_id" = NULL
WHERE "later"."quote_request_id" IS NOT NULL
	AND EXISTS (
		SELECT 1 FROM "custom_orders" AS "earlier"
		WHERE "earlier"."quote_request_id" = "later"."quote_request_id" AND "earlier"."id" < "later"."id"
	);--> statement-breakpoint
CREATE UNIQUE INDEX "custom_orders_quote_request_idx" ON "custom_orders" USING btree ("quote_request_id") WHERE "custom_orders"."quote_request_id" is not null;
