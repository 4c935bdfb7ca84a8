-- Lead capture stores one offer's leads from many transactions at once (docs/decisions/0011). The
-- daily lead counter (migration 0004) is one row per seller, offer and day, so its per-row trigger
-- locked that row from the lead's INSERT until COMMIT: concurrent batches of the same offer waited
-- for each other through their whole transaction (measured: 75% of a batch's time). As deferred
-- constraint triggers the counts move at COMMIT, still in the writer's own transaction (a lead and
-- its count commit or roll back together), and hold the counter row only while the commit is made.
DROP TRIGGER IF EXISTS leads_daily_counts_write ON leads;--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_daily_counts_move ON leads;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_daily_counts_write AFTER INSERT OR DELETE ON leads
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION lead_daily_counts_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_daily_counts_move AFTER UPDATE ON leads
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.seller_id, OLD.free_offer_id, OLD.created_at) IS DISTINCT FROM (NEW.seller_id, NEW.free_offer_id, NEW.created_at))
  EXECUTE FUNCTION lead_daily_counts_apply();
