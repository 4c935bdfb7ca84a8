CREATE TABLE "funnel_hourly_counts" (
	"free_offer_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"currency" smallint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"opt_ins" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"paid_orders" bigint DEFAULT 0 NOT NULL,
	"free_orders" bigint DEFAULT 0 NOT NULL,
	"completed_with_bump" bigint DEFAULT 0 NOT NULL,
	"completed_upsell_shown" bigint DEFAULT 0 NOT NULL,
	"completed_with_upsell" bigint DEFAULT 0 NOT NULL,
	"free_completers" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_hourly_counts_free_offer_id_hour_utm_source_utm_campaign_currency_pk" PRIMARY KEY("free_offer_id","hour","utm_source","utm_campaign","currency")
);
--> statement-breakpoint
ALTER TABLE "funnel_hourly_counts" ADD CONSTRAINT "funnel_hourly_counts_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision D37 (docs/decisions/campaign-attribution.md): one upsert adds a change to one hour's row.
CREATE FUNCTION funnel_hourly_add(offer uuid, at timestamptz, source text, campaign text, money smallint,
    d_views bigint, d_opt_ins bigint, d_orders bigint, d_paid bigint, d_free bigint, d_bump bigint,
    d_shown bigint, d_upsell bigint, d_completers bigint, d_revenue bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO funnel_hourly_counts AS c (free_offer_id, hour, utm_source, utm_campaign, currency, views, opt_ins, orders,
      paid_orders, free_orders, completed_with_bump, completed_upsell_shown, completed_with_upsell, free_completers, revenue_cents)
    VALUES (offer, date_trunc('hour', at, 'UTC'), coalesce(source, ''), coalesce(campaign, ''), money, d_views, d_opt_ins,
      d_orders, d_paid, d_free, d_bump, d_shown, d_upsell, d_completers, d_revenue)
    ON CONFLICT (free_offer_id, hour, utm_source, utm_campaign, currency) DO UPDATE SET
      views = c.views + excluded.views, opt_ins = c.opt_ins + excluded.opt_ins, orders = c.orders + excluded.orders,
      paid_orders = c.paid_orders + excluded.paid_orders, free_orders = c.free_orders + excluded.free_orders,
      completed_with_bump = c.completed_with_bump + excluded.completed_with_bump,
      completed_upsell_shown = c.completed_upsell_shown + excluded.completed_upsell_shown,
      completed_with_upsell = c.completed_with_upsell + excluded.completed_with_upsell,
      free_completers = c.free_completers + excluded.free_completers, revenue_cents = c.revenue_cents + excluded.revenue_cents
$$;--> statement-breakpoint
-- A lead is one opt-in in the hour it was made and, once it first completed the free checkout, one
-- free completer in that hour (docs/decisions/0005), both under the lead's campaign.
CREATE FUNCTION funnel_hourly_lead(r leads, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM funnel_hourly_add(r.free_offer_id, r.created_at, r.utm_source, r.utm_campaign, 0::smallint,
    0, sign, 0, 0, 0, 0, 0, 0, 0, 0);
  IF r.free_completed_at IS NOT NULL THEN
    PERFORM funnel_hourly_add(r.free_offer_id, r.free_completed_at, r.utm_source, r.utm_campaign, 0::smallint,
      0, 0, 0, 0, 0, 0, 0, 0, sign, 0);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION funnel_hourly_leads_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM funnel_hourly_lead(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM funnel_hourly_lead(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A listed order (not a draft, decision D20) in the hour it was made: what orderDailyCounts counts,
-- with the completed ones (status paid) split as decision D21 does, under the order's campaign.
CREATE FUNCTION funnel_hourly_order(r orders, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE done boolean := r.status = 'paid';
BEGIN
  IF r.email IS NULL THEN RETURN; END IF;
  PERFORM funnel_hourly_add(r.free_offer_id, r.created_at, r.utm_source, r.utm_campaign, r.currency,
    0, 0, sign, sign * (done AND r.amount_cents > 0)::int, sign * (done AND r.amount_cents = 0)::int,
    sign * (done AND r.bump_offer_id IS NOT NULL)::int,
    sign * (done AND (r.upsell_shown OR r.upsell_offer_id IS NOT NULL))::int,
    sign * (done AND r.upsell_offer_id IS NOT NULL)::int, 0,
    sign * CASE WHEN done AND r.amount_cents > 0 THEN r.amount_cents ELSE 0 END);
END $$;--> statement-breakpoint
CREATE FUNCTION funnel_hourly_orders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM funnel_hourly_order(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM funnel_hourly_order(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_funnel_hourly_write AFTER INSERT OR DELETE ON leads DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION funnel_hourly_leads_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_funnel_hourly_move AFTER UPDATE ON leads DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.free_offer_id, OLD.created_at, OLD.free_completed_at, OLD.utm_source, OLD.utm_campaign)
    IS DISTINCT FROM (NEW.free_offer_id, NEW.created_at, NEW.free_completed_at, NEW.utm_source, NEW.utm_campaign))
  EXECUTE FUNCTION funnel_hourly_leads_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_funnel_hourly_write AFTER INSERT OR DELETE ON orders DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION funnel_hourly_orders_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_funnel_hourly_move AFTER UPDATE ON orders DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.free_offer_id, OLD.created_at, OLD.status, OLD.currency, OLD.email IS NULL, OLD.amount_cents,
         OLD.bump_offer_id IS NULL, OLD.upsell_offer_id IS NULL, OLD.upsell_shown, OLD.utm_source, OLD.utm_campaign)
    IS DISTINCT FROM (NEW.free_offer_id, NEW.created_at, NEW.status, NEW.currency, NEW.email IS NULL, NEW.amount_cents,
         NEW.bump_offer_id IS NULL, NEW.upsell_offer_id IS NULL, NEW.upsell_shown, NEW.utm_source, NEW.utm_campaign))
  EXECUTE FUNCTION funnel_hourly_orders_apply();--> statement-breakpoint
-- What happened before this migration, as direct traffic: views at the start of their UTC day (only
-- days were kept), leads, free completers and orders in their hours.
INSERT INTO funnel_hourly_counts (free_offer_id, hour, views)
  SELECT free_offer_id, day::timestamp AT TIME ZONE 'UTC', views FROM offer_daily_views;--> statement-breakpoint
INSERT INTO funnel_hourly_counts AS c (free_offer_id, hour, opt_ins)
  SELECT free_offer_id, date_trunc('hour', created_at, 'UTC'), count(*) FROM leads GROUP BY 1, 2
  ON CONFLICT (free_offer_id, hour, utm_source, utm_campaign, currency) DO UPDATE SET opt_ins = c.opt_ins + excluded.opt_ins;--> statement-breakpoint
INSERT INTO funnel_hourly_counts AS c (free_offer_id, hour, free_completers)
  SELECT free_offer_id, date_trunc('hour', free_completed_at, 'UTC'), count(*) FROM leads WHERE free_completed_at IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (free_offer_id, hour, utm_source, utm_campaign, currency) DO UPDATE SET free_completers = c.free_completers + excluded.free_completers;--> statement-breakpoint
INSERT INTO funnel_hourly_counts (free_offer_id, hour, currency, orders, paid_orders, free_orders, completed_with_bump,
    completed_upsell_shown, completed_with_upsell, revenue_cents)
  SELECT free_offer_id, date_trunc('hour', created_at, 'UTC'), currency, count(*),
      count(*) FILTER (WHERE status = 'paid' AND amount_cents > 0), count(*) FILTER (WHERE status = 'paid' AND amount_cents = 0),
      count(*) FILTER (WHERE status = 'paid' AND bump_offer_id IS NOT NULL),
      count(*) FILTER (WHERE status = 'paid' AND (upsell_shown OR upsell_offer_id IS NOT NULL)),
      count(*) FILTER (WHERE status = 'paid' AND upsell_offer_id IS NOT NULL),
      coalesce(sum(amount_cents) FILTER (WHERE status = 'paid' AND amount_cents > 0), 0)
    FROM orders WHERE email IS NOT NULL GROUP BY 1, 2, 3;
