CREATE TABLE "funnel_daily_counts" (
	"free_offer_id" uuid NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "funnel_daily_counts_free_offer_id_day_utm_source_utm_campaign_currency_pk" PRIMARY KEY("free_offer_id","day","utm_source","utm_campaign","currency")
);
--> statement-breakpoint
CREATE TABLE "funnel_hourly_totals" (
	"free_offer_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" smallint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"opt_ins" bigint DEFAULT 0 NOT NULL,
	"paid_orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_hourly_totals_free_offer_id_hour_currency_pk" PRIMARY KEY("free_offer_id","hour","currency")
);
--> statement-breakpoint
ALTER TABLE "funnel_daily_counts" ADD CONSTRAINT "funnel_daily_counts_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_hourly_totals" ADD CONSTRAINT "funnel_hourly_totals_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Decision D37 at a million rows (docs/decisions/campaign-attribution.md): the same change goes to
-- the hourly row, to its UTC day's row and (for what the daily series shows) to the hour's row without
-- the campaign, in the same call, so the three never disagree.
CREATE OR REPLACE FUNCTION funnel_hourly_add(offer uuid, at timestamptz, source text, campaign text, money smallint,
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
      free_completers = c.free_completers + excluded.free_completers, revenue_cents = c.revenue_cents + excluded.revenue_cents;
  INSERT INTO funnel_daily_counts AS c (free_offer_id, day, utm_source, utm_campaign, currency, views, opt_ins, orders,
      paid_orders, free_orders, completed_with_bump, completed_upsell_shown, completed_with_upsell, free_completers, revenue_cents)
    VALUES (offer, (at AT TIME ZONE 'UTC')::date, coalesce(source, ''), coalesce(campaign, ''), money, d_views, d_opt_ins,
      d_orders, d_paid, d_free, d_bump, d_shown, d_upsell, d_completers, d_revenue)
    ON CONFLICT (free_offer_id, day, utm_source, utm_campaign, currency) DO UPDATE SET
      views = c.views + excluded.views, opt_ins = c.opt_ins + excluded.opt_ins, orders = c.orders + excluded.orders,
      paid_orders = c.paid_orders + excluded.paid_orders, free_orders = c.free_orders + excluded.free_orders,
      completed_with_bump = c.completed_with_bump + excluded.completed_with_bump,
      completed_upsell_shown = c.completed_upsell_shown + excluded.completed_upsell_shown,
      completed_with_upsell = c.completed_with_upsell + excluded.completed_with_upsell,
      free_completers = c.free_completers + excluded.free_completers, revenue_cents = c.revenue_cents + excluded.revenue_cents;
  INSERT INTO funnel_hourly_totals AS c (free_offer_id, hour, currency, views, opt_ins, paid_orders, revenue_cents)
    SELECT offer, date_trunc('hour', at, 'UTC'), money, d_views, d_opt_ins, d_paid, d_revenue
     WHERE d_views <> 0 OR d_opt_ins <> 0 OR d_paid <> 0 OR d_revenue <> 0
    ON CONFLICT (free_offer_id, hour, currency) DO UPDATE SET
      views = c.views + excluded.views, opt_ins = c.opt_ins + excluded.opt_ins,
      paid_orders = c.paid_orders + excluded.paid_orders, revenue_cents = c.revenue_cents + excluded.revenue_cents
$$;--> statement-breakpoint
-- The days of what the hourly rows hold already, in this migration's transaction.
INSERT INTO funnel_daily_counts (free_offer_id, day, utm_source, utm_campaign, currency, views, opt_ins, orders, paid_orders,
    free_orders, completed_with_bump, completed_upsell_shown, completed_with_upsell, free_completers, revenue_cents)
  SELECT free_offer_id, (hour AT TIME ZONE 'UTC')::date, utm_source, utm_campaign, currency, sum(views), sum(opt_ins), sum(orders),
      sum(paid_orders), sum(free_orders), sum(completed_with_bump), sum(completed_upsell_shown), sum(completed_with_upsell),
      sum(free_completers), sum(revenue_cents)
    FROM funnel_hourly_counts GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO funnel_hourly_totals (free_offer_id, hour, currency, views, opt_ins, paid_orders, revenue_cents)
  SELECT free_offer_id, hour, currency, sum(views), sum(opt_ins), sum(paid_orders), sum(revenue_cents)
    FROM funnel_hourly_counts GROUP BY 1, 2, 3
  HAVING sum(views) <> 0 OR sum(opt_ins) <> 0 OR sum(paid_orders) <> 0 OR sum(revenue_cents) <> 0;
