-- Decision D27: a free offer's public page offers its paid add-ons only while the seller's payment
-- account can take charges, so a change of that account drops the seller's cached public views
-- like any other change the page shows (0007). A status check that changes nothing tells nobody.
CREATE TRIGGER "payment_accounts_inserted_or_deleted" AFTER INSERT OR DELETE ON "payment_accounts" FOR EACH ROW EXECUTE FUNCTION "notify_seller_changed"();--> statement-breakpoint
CREATE TRIGGER "payment_accounts_changed" AFTER UPDATE ON "payment_accounts" FOR EACH ROW
  WHEN (OLD.charges_enabled IS DISTINCT FROM NEW.charges_enabled OR OLD.provider IS DISTINCT FROM NEW.provider OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.seller_id IS DISTINCT FROM NEW.seller_id)
  EXECUTE FUNCTION "notify_seller_changed"();
