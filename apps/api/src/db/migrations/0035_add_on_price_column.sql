-- Issue 21: one name for one concept. A paid add-on's price was new_price_cents on a BUMP and
-- product_price_cents on an upsell; a rename keeps every row and its value (no trigger, function,
-- view or index names either column). The API's field names (new_price, product_price) stay.
ALTER TABLE "bump_offers" RENAME COLUMN "new_price_cents" TO "price_cents";--> statement-breakpoint
ALTER TABLE "upsell_offers" RENAME COLUMN "product_price_cents" TO "price_cents";
