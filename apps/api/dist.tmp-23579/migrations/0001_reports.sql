CREATE TABLE "offer_daily_views" (
	"free_offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_daily_views_free_offer_id_day_pk" PRIMARY KEY("free_offer_id","day")
);
--> statement-breakpoint
ALTER TABLE "offer_daily_views" ADD CONSTRAINT "offer_daily_views_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_offer_created_idx" ON "leads" USING btree ("free_offer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_offer_created_idx" ON "orders" USING btree ("free_offer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);