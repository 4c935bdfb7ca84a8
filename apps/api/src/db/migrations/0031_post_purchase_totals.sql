ALTER TABLE "orders" ADD COLUMN "post_purchase_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision D34/D35: an order's revenue is its first payment plus its one-click charges, less every
-- refund (first payment or post-purchase line). Until now the funnel counted the first payment only.
CREATE OR REPLACE FUNCTION funnel_hourly_order(r orders, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE done boolean := r.status IN ('paid', 'partially_refunded', 'refunded');
BEGIN
  IF r.email IS NULL THEN RETURN; END IF;
  PERFORM funnel_hourly_add(r.free_offer_id, r.created_at, r.utm_source, r.utm_campaign, r.currency,
    0, 0, sign, sign * (done AND r.amount_cents > 0)::int, sign * (done AND r.amount_cents = 0)::int,
    sign * (done AND r.bump_offer_id IS NOT NULL)::int,
    sign * (done AND (r.upsell_shown OR r.upsell_offer_id IS NOT NULL))::int,
    sign * (done AND r.upsell_offer_id IS NOT NULL)::int, 0,
    sign * CASE WHEN done AND r.amount_cents > 0 THEN r.amount_cents + r.post_purchase_cents - r.refunded_cents ELSE 0 END);
END $$;--> statement-breakpoint
DROP TRIGGER orders_funnel_hourly_move ON orders;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_funnel_hourly_move AFTER UPDATE ON orders DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.free_offer_id, OLD.created_at, OLD.status, OLD.currency, OLD.email IS NULL, OLD.amount_cents, OLD.post_purchase_cents,
         OLD.refunded_cents, OLD.bump_offer_id IS NULL, OLD.upsell_offer_id IS NULL, OLD.upsell_shown, OLD.utm_source, OLD.utm_campaign)
    IS DISTINCT FROM (NEW.free_offer_id, NEW.created_at, NEW.status, NEW.currency, NEW.email IS NULL, NEW.amount_cents, NEW.post_purchase_cents,
         NEW.refunded_cents, NEW.bump_offer_id IS NULL, NEW.upsell_offer_id IS NULL, NEW.upsell_shown, NEW.utm_source, NEW.utm_campaign))
  EXECUTE FUNCTION funnel_hourly_orders_apply();--> statement-breakpoint
-- Orders that already have one-click charges: their totals and every refunded line (the trigger
-- above moves their revenue in the funnel's counters when this transaction commits).
UPDATE orders o SET
  post_purchase_cents = totals.charged,
  refunded_cents = totals.refunded
FROM (
  SELECT order_id,
    sum(amount_cents) FILTER (WHERE kind = 'post_purchase')::int AS charged,
    coalesce(sum(amount_cents) FILTER (WHERE status = 'refunded'), 0)::int AS refunded
  FROM order_lines GROUP BY order_id HAVING bool_or(kind = 'post_purchase')
) totals
WHERE o.id = totals.order_id;
