CREATE TABLE "post_purchase_shown" (
	"order_id" uuid NOT NULL,
	"free_offer_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"kind" text NOT NULL,
	"offer_id" uuid,
	"shown_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_purchase_shown" ADD CONSTRAINT "post_purchase_shown_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchase_shown" ADD CONSTRAINT "post_purchase_shown_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchase_shown" ADD CONSTRAINT "post_purchase_shown_offer_id_upsell_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."upsell_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchase_shown_order_step_kind_key" ON "post_purchase_shown" USING btree ("order_id","step","kind");--> statement-breakpoint
CREATE INDEX "post_purchase_shown_free_offer_idx" ON "post_purchase_shown" USING btree ("free_offer_id","shown_at");--> statement-breakpoint
CREATE INDEX "post_purchase_shown_offer_idx" ON "post_purchase_shown" USING btree ("offer_id") WHERE "post_purchase_shown"."offer_id" is not null;--> statement-breakpoint
-- Steps answered before this table existed were shown: their upsell, and the downsell of a step answered on it.
INSERT INTO "post_purchase_shown" ("order_id", "free_offer_id", "step", "kind", "offer_id", "shown_at")
SELECT c."order_id", o."free_offer_id", c."step", 'upsell', CASE WHEN c."kind" = 'upsell' THEN c."offer_id" END, c."created_at"
FROM "post_purchase_charges" c JOIN "orders" o ON o."id" = c."order_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "post_purchase_shown" ("order_id", "free_offer_id", "step", "kind", "offer_id", "shown_at")
SELECT c."order_id", o."free_offer_id", c."step", 'downsell', c."offer_id", c."updated_at"
FROM "post_purchase_charges" c JOIN "orders" o ON o."id" = c."order_id"
WHERE c."kind" = 'downsell'
ON CONFLICT DO NOTHING;
