CREATE SEQUENCE "public"."manual_invoice_number_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 999999 START WITH 100001 CACHE 1;--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD COLUMN "pay_key" text;--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_refund_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "admin_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "admin_note" text;--> statement-breakpoint
CREATE INDEX "manual_invoices_created_idx" ON "manual_invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD CONSTRAINT "manual_invoices_pay_key_unique" UNIQUE("pay_key");--> statement-breakpoint
ALTER TABLE "manual_invoices" ADD CONSTRAINT "manual_invoices_total_positive" CHECK ("manual_invoices"."total_cents" > 0);