CREATE TABLE "prepared_custom_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"quote_request_id" integer,
	"user_id" integer,
	"cart_session_id" text,
	"quantity" integer NOT NULL,
	"size" text NOT NULL,
	"plating" text NOT NULL,
	"packaging" text NOT NULL,
	"rush_order" boolean DEFAULT false NOT NULL,
	"rush_order_fee_cents" integer DEFAULT 0 NOT NULL,
	"price_per_pin_cents" integer NOT NULL,
	"discount_code" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_price_cents" integer NOT NULL,
	"deposit_cents" integer NOT NULL,
	"remaining_balance_cents" integer NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"notes" text,
	"logo_file_id" text,
	"logo_file_name" text,
	"logo_url" text,
	"pin_designs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_delivery" text,
	"expires_at" timestamp with time zone NOT NULL,
	"custom_order_id" integer,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "shipping_address" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "estimated_delivery" text;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "quote_request_id" integer;--> statement-breakpoint
ALTER TABLE "custom_orders" ADD COLUMN "balance_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepared_custom_orders" ADD CONSTRAINT "prepared_custom_orders_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_custom_orders" ADD CONSTRAINT "prepared_custom_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_custom_orders" ADD CONSTRAINT "prepared_custom_orders_custom_order_id_custom_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prepared_custom_orders_expires_idx" ON "prepared_custom_orders" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "custom_orders" ADD CONSTRAINT "custom_orders_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_orders_cart_session_idx" ON "custom_orders" USING btree ("cart_session_id");--> statement-breakpoint
CREATE INDEX "custom_orders_rush_created_idx" ON "custom_orders" USING btree ("created_at") WHERE "custom_orders"."rush_order";