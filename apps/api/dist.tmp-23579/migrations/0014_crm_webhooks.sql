-- The CRM webhook gets its own table, owned by the webhooks module (docs/decisions/0022). Every
-- seller's URL, key names and signing secret are copied before the old columns go, so the secret
-- a seller's CRM checks stays the same.
CREATE TABLE "crm_webhooks" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"url" text,
	"email_key" text,
	"full_name_key" text,
	"secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_webhooks" ADD CONSTRAINT "crm_webhooks_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "crm_webhooks" ("seller_id", "url", "email_key", "full_name_key", "secret", "updated_at")
SELECT "seller_id", "webhook_url", "webhook_email_key", "webhook_full_name_key", "webhook_secret", "updated_at"
  FROM "store_settings"
 WHERE "webhook_url" IS NOT NULL OR "webhook_email_key" IS NOT NULL OR "webhook_full_name_key" IS NOT NULL
    OR "webhook_secret" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" DROP COLUMN "webhook_url";--> statement-breakpoint
ALTER TABLE "store_settings" DROP COLUMN "webhook_email_key";--> statement-breakpoint
ALTER TABLE "store_settings" DROP COLUMN "webhook_full_name_key";--> statement-breakpoint
ALTER TABLE "store_settings" DROP COLUMN "webhook_secret";