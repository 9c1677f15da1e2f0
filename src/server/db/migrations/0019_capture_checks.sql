ALTER TABLE "payments" ADD COLUMN "capture_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_capture_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_capture_check_idx" ON "payments" USING btree ("capture_attempted_at") WHERE "payments"."status" = 'created' and "payments"."capture_attempted_at" is not null;