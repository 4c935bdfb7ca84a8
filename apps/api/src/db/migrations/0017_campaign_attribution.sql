-- Decision D37: each lead and order keeps the campaign of the visitor's last non-direct arrival.
-- Nullable columns without a default: PostgreSQL adds them without rewriting a row, and every
-- existing lead and order stays as it was (direct, all null). The partial indexes serve the lists'
-- campaign and source filters and leave direct rows out.
ALTER TABLE "leads" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fbclid" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gclid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fbclid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gclid" text;--> statement-breakpoint
CREATE INDEX "leads_seller_campaign_created_idx" ON "leads" USING btree ("seller_id","utm_campaign","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "leads"."utm_campaign" is not null;--> statement-breakpoint
CREATE INDEX "leads_seller_source_created_idx" ON "leads" USING btree ("seller_id","utm_source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "leads"."utm_source" is not null;--> statement-breakpoint
CREATE INDEX "orders_seller_campaign_created_idx" ON "orders" USING btree ("seller_id","utm_campaign","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."utm_campaign" is not null;--> statement-breakpoint
CREATE INDEX "orders_seller_source_created_idx" ON "orders" USING btree ("seller_id","utm_source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."utm_source" is not null;