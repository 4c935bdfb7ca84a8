DROP INDEX "seller_domains_domain_key";--> statement-breakpoint
ALTER TABLE "seller_domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
-- Domains saved before proofs existed get a token and must be proven like any other.
UPDATE "seller_domains" SET "verification_token" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "seller_domains" ALTER COLUMN "verification_token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_domains" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_domains" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "seller_domains" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_domains" ADD COLUMN "default_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "seller_domains" ADD CONSTRAINT "seller_domains_default_offer_id_free_offers_id_fk" FOREIGN KEY ("default_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_domains_domain_idx" ON "seller_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_domains_verified_domain_key" ON "seller_domains" USING btree ("domain") WHERE "seller_domains"."status" = 'verified';