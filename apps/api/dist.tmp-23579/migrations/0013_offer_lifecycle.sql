-- Archiving an offer (docs/decisions/0021): it leaves the lists and the public pages, its leads and orders stay.
ALTER TABLE "bump_offers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "free_offers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upsell_offers" ADD COLUMN "archived_at" timestamp with time zone;