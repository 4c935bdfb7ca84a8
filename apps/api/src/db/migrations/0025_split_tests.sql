-- Split tests (issue 27, decision D36; docs/decisions/split-tests.md). Leads and orders keep the variant the
-- visitor saw (a nullable column, set null if a variant ever goes). A change of a test or a variant drops
-- the seller's cached public pages like any change the page shows (0007).
CREATE TABLE "split_hourly_visitors" (
	"variant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "split_hourly_visitors_variant_id_hour_pk" PRIMARY KEY("variant_id","hour")
);
--> statement-breakpoint
CREATE TABLE "split_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"free_offer_id" uuid NOT NULL,
	"minimum_days" integer NOT NULL,
	"minimum_visitors" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"winner_variant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "split_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"split_test_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"free_offer_id" uuid NOT NULL,
	"is_control" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"headline" text,
	"sub_headline" text,
	"opt_in_button" text,
	"bump_offer_id" uuid,
	"upsell_offer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "split_hourly_visitors" ADD CONSTRAINT "split_hourly_visitors_variant_id_split_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."split_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_tests" ADD CONSTRAINT "split_tests_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_tests" ADD CONSTRAINT "split_tests_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_variants" ADD CONSTRAINT "split_variants_split_test_id_split_tests_id_fk" FOREIGN KEY ("split_test_id") REFERENCES "public"."split_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_variants" ADD CONSTRAINT "split_variants_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_variants" ADD CONSTRAINT "split_variants_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_variants" ADD CONSTRAINT "split_variants_bump_offer_id_bump_offers_id_fk" FOREIGN KEY ("bump_offer_id") REFERENCES "public"."bump_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_variants" ADD CONSTRAINT "split_variants_upsell_offer_id_upsell_offers_id_fk" FOREIGN KEY ("upsell_offer_id") REFERENCES "public"."upsell_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "split_tests_running_offer_key" ON "split_tests" USING btree ("free_offer_id") WHERE "split_tests"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "split_tests_offer_started_idx" ON "split_tests" USING btree ("free_offer_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "split_variants_test_idx" ON "split_variants" USING btree ("split_test_id","created_at");--> statement-breakpoint
CREATE INDEX "split_variants_bump_idx" ON "split_variants" USING btree ("bump_offer_id") WHERE "split_variants"."bump_offer_id" is not null;--> statement-breakpoint
CREATE INDEX "split_variants_upsell_idx" ON "split_variants" USING btree ("upsell_offer_id") WHERE "split_variants"."upsell_offer_id" is not null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_variant_id_split_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."split_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_variant_id_split_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."split_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_variant_idx" ON "leads" USING btree ("variant_id") WHERE "leads"."variant_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_variant_idx" ON "orders" USING btree ("variant_id") WHERE "orders"."variant_id" is not null;--> statement-breakpoint
CREATE TRIGGER "split_tests_changed" AFTER INSERT OR UPDATE OR DELETE ON "split_tests" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "split_variants_changed" AFTER INSERT OR UPDATE OR DELETE ON "split_variants" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();
