-- consent_required is part of a seller's public offers (D31): their cached copies drop when the
-- conversions settings change, as for pixels and company links (migration 0007).
CREATE TRIGGER "conversion_settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "conversion_settings" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();
