CREATE TABLE "post_purchase_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"offer_id" uuid,
	"amount_cents" integer,
	"currency" smallint,
	"provider" text,
	"intent_id" text,
	"client_secret" text,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "card" text;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payment_intents" ADD COLUMN "saved_from" text;--> statement-breakpoint
ALTER TABLE "free_offers" ADD COLUMN "after_purchase" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "post_purchase_charges" ADD CONSTRAINT "post_purchase_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchase_charges" ADD CONSTRAINT "post_purchase_charges_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchase_charges" ADD CONSTRAINT "post_purchase_charges_offer_id_upsell_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."upsell_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchase_charges_order_step_key" ON "post_purchase_charges" USING btree ("order_id","step");--> statement-breakpoint
CREATE INDEX "post_purchase_charges_seller_offer_idx" ON "post_purchase_charges" USING btree ("seller_id","offer_id");