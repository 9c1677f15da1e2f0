CREATE TABLE "quote_collaboration_presence" (
	"id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"quote_id" integer NOT NULL,
	"session_id" integer,
	"user_key" text NOT NULL,
	"user_name" text NOT NULL,
	"author_type" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "quote_annotations_quote_idx";--> statement-breakpoint
ALTER TABLE "quote_annotations" ALTER COLUMN "position_x" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "quote_annotations" ALTER COLUMN "position_y" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "quote_annotations" ADD COLUMN "revision_number" integer;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "approved_revision" integer;--> statement-breakpoint
ALTER TABLE "quote_collaboration_presence" ADD CONSTRAINT "quote_collaboration_presence_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_collaboration_presence" ADD CONSTRAINT "quote_collaboration_presence_session_id_quote_collaboration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."quote_collaboration_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_presence_quote_idx" ON "quote_collaboration_presence" USING btree ("quote_id","user_key");--> statement-breakpoint
CREATE INDEX "quote_presence_seen_idx" ON "quote_collaboration_presence" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "quote_presence_instance_idx" ON "quote_collaboration_presence" USING btree ("instance_id");--> statement-breakpoint
ALTER TABLE "quote_annotations" ADD CONSTRAINT "quote_annotations_parent_id_quote_annotations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."quote_annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_annotations_parent_idx" ON "quote_annotations" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_annotations_one_approval_uq" ON "quote_annotations" USING btree ("quote_id") WHERE "quote_annotations"."annotation_type" = 'approval';--> statement-breakpoint
CREATE INDEX "quote_requests_status_created_idx" ON "quote_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quote_annotations_quote_idx" ON "quote_annotations" USING btree ("quote_id","created_at");