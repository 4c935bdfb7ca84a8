-- Checkout at campaign scale (issue 22): the order counter (migration 0004) is one row per seller,
-- offer, day, status and currency, so its per-row trigger locked that row from an order's INSERT or
-- UPDATE until COMMIT: 50 buyers of one offer waited for each other through their whole checkout
-- transaction (sampled: nearly every active session waiting on it). As deferred constraint triggers
-- (like the lead counter, migration 0010) the counts move at COMMIT, still in the writer's own
-- transaction, and hold the counter row only while the commit is made.
DROP TRIGGER IF EXISTS orders_daily_counts_write ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_daily_counts_move ON orders;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_daily_counts_write AFTER INSERT OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION order_daily_counts_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_daily_counts_move AFTER UPDATE ON orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.seller_id, OLD.free_offer_id, OLD.created_at, OLD.status, OLD.currency, OLD.email IS NULL, OLD.amount_cents,
         OLD.bump_offer_id IS NULL, OLD.upsell_offer_id IS NULL, OLD.upsell_shown)
    IS DISTINCT FROM (NEW.seller_id, NEW.free_offer_id, NEW.created_at, NEW.status, NEW.currency, NEW.email IS NULL, NEW.amount_cents,
         NEW.bump_offer_id IS NULL, NEW.upsell_offer_id IS NULL, NEW.upsell_shown))
  EXECUTE FUNCTION order_daily_counts_apply();
