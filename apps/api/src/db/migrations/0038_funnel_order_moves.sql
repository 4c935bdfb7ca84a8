-- Checkout at campaign scale (issue 22): a paid checkout moves its order from pending to paid, and
-- the funnel's trigger took it out of its hour (-1) and put it back (+1): two calls of
-- funnel_hourly_add, each three upserts (hour, day, hour's totals), on the very same rows. When
-- the order stays in its bucket (offer, hour, campaign, currency, and counted before and after),
-- the difference is added once: three upserts fewer per paid order, the same counts.
CREATE OR REPLACE FUNCTION funnel_hourly_order_move(o orders, n orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was boolean := o.status IN ('paid', 'partially_refunded', 'refunded');
  now_done boolean := n.status IN ('paid', 'partially_refunded', 'refunded');
BEGIN
  -- The same arguments as funnel_hourly_order(n, 1) less those of funnel_hourly_order(o, -1).
  PERFORM funnel_hourly_add(n.free_offer_id, n.created_at, n.utm_source, n.utm_campaign, n.currency,
    0, 0, 0,
    (now_done AND n.amount_cents > 0)::int - (was AND o.amount_cents > 0)::int,
    (now_done AND n.amount_cents = 0)::int - (was AND o.amount_cents = 0)::int,
    (now_done AND n.bump_offer_id IS NOT NULL)::int - (was AND o.bump_offer_id IS NOT NULL)::int,
    (now_done AND (n.upsell_shown OR n.upsell_offer_id IS NOT NULL))::int - (was AND (o.upsell_shown OR o.upsell_offer_id IS NOT NULL))::int,
    (now_done AND n.upsell_offer_id IS NOT NULL)::int - (was AND o.upsell_offer_id IS NOT NULL)::int,
    0,
    CASE WHEN now_done AND n.amount_cents > 0 THEN n.amount_cents + n.post_purchase_cents - n.refunded_cents ELSE 0 END
      - CASE WHEN was AND o.amount_cents > 0 THEN o.amount_cents + o.post_purchase_cents - o.refunded_cents ELSE 0 END);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION funnel_hourly_orders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.email IS NOT NULL AND NEW.email IS NOT NULL
     AND OLD.free_offer_id = NEW.free_offer_id AND OLD.currency = NEW.currency
     AND date_trunc('hour', OLD.created_at, 'UTC') = date_trunc('hour', NEW.created_at, 'UTC')
     AND OLD.utm_source IS NOT DISTINCT FROM NEW.utm_source AND OLD.utm_campaign IS NOT DISTINCT FROM NEW.utm_campaign THEN
    PERFORM funnel_hourly_order_move(OLD, NEW);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM funnel_hourly_order(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM funnel_hourly_order(NEW, 1); END IF;
  RETURN NULL;
END $$;
