-- Every change a public offer page shows (the offer, its bump and upsell, the seller's pixels,
-- company links, domain and business name) tells every process on channel `seller_changed`, with
-- the seller's id, so their cached public views are dropped (decision record 0011). NOTIFY is
-- delivered at commit, never for a rolled-back change.
CREATE OR REPLACE FUNCTION "notify_seller_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('seller_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).seller_id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_seller_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('seller_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "free_offers_changed" AFTER INSERT OR UPDATE OR DELETE ON "free_offers" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "bump_offers_changed" AFTER INSERT OR UPDATE OR DELETE ON "bump_offers" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "upsell_offers_changed" AFTER INSERT OR UPDATE OR DELETE ON "upsell_offers" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "store_settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "store_settings" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "seller_domains_changed" AFTER INSERT OR UPDATE OR DELETE ON "seller_domains" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "advertising_pixels_changed" AFTER INSERT OR UPDATE OR DELETE ON "advertising_pixels" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "sellers_changed" AFTER UPDATE OR DELETE ON "sellers" FOR EACH ROW EXECUTE FUNCTION "notify_seller_row_changed"();
