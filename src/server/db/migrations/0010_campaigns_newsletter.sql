CREATE TABLE "campaign_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"discount_code" text,
	"discount_percent" integer,
	"status" text DEFAULT 'sending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_campaigns" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_campaigns" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "organization" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaigns_campaign_email_uq" ON "email_campaigns" USING btree ("campaign_id","customer_email");--> statement-breakpoint
CREATE INDEX "email_campaigns_campaign_status_idx" ON "email_campaigns" USING btree ("campaign_id","status");--> statement-breakpoint
INSERT INTO "store_settings" ("key", "value") VALUES ('mail_link_secret', to_jsonb(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))) ON CONFLICT DO NOTHING;
