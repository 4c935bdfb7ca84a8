ALTER TABLE "orders" ALTER COLUMN "full_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "download_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bump_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upsell_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_key" ON "orders" USING btree ("receipt_token");--> statement-breakpoint
CREATE INDEX "orders_unpaid_updated_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" in ('draft', 'pending', 'failed');--> statement-breakpoint
-- Orders made before this release under the old placeholder visitor become drafts (decision D20).
-- Only this one-time cleanup reads the placeholder; the server never detects drafts by it.
UPDATE "orders" SET "status" = 'draft', "full_name" = NULL, "email" = NULL
  WHERE "status" IN ('pending', 'failed') AND "full_name" = 'Visitor' AND "email" = 'visitor@example.com';--> statement-breakpoint
-- Leads whose order already delivered the free download do not get it a second time (decision D16).
UPDATE "leads" SET "download_sent_at" = "orders"."fulfilled_at"
  FROM "orders" WHERE "orders"."lead_id" = "leads"."id" AND "orders"."fulfilled_at" IS NOT NULL;
