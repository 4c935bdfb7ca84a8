-- Server-side conversions (decisions D29-D31; docs/decisions/conversions-api.md): the seller's settings,
-- one delivery row per (seller, platform, event id), and the checkout visitor kept until payment.
CREATE TABLE "conversion_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"event_name" text NOT NULL,
	"event_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status_code" integer,
	"events_received" integer,
	"fbtrace_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_settings" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"meta_pixel_id" text,
	"meta_access_token" text,
	"meta_test_event_code" text,
	"ga4_measurement_id" text,
	"ga4_api_secret" text,
	"consent_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_visitors" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"visitor" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_deliveries" ADD CONSTRAINT "conversion_deliveries_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_settings" ADD CONSTRAINT "conversion_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_deliveries_event_uq" ON "conversion_deliveries" USING btree ("seller_id","platform","event_id");--> statement-breakpoint
CREATE INDEX "conversion_deliveries_seller_created_idx" ON "conversion_deliveries" USING btree ("seller_id","created_at" DESC NULLS LAST);