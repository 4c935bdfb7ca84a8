-- A million leads as fast as a thousand (issue 12, docs/decisions/0012). Fresh installs are
-- small, so the indexes are built here in the migration's transaction; an operator with large
-- tables builds them CONCURRENTLY first (the decision record has the statements), and these
-- CREATE INDEX IF NOT EXISTS then find them built.
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_daily_counts" (
	"seller_id" uuid NOT NULL,
	"free_offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"leads" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_daily_counts_pkey" PRIMARY KEY("seller_id","free_offer_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_daily_counts" (
	"seller_id" uuid NOT NULL,
	"free_offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"currency" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"priced" bigint DEFAULT 0 NOT NULL,
	"with_bump" bigint DEFAULT 0 NOT NULL,
	"upsell_shown" bigint DEFAULT 0 NOT NULL,
	"with_upsell" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_counts_pkey" PRIMARY KEY("seller_id","free_offer_id","day","status","currency")
);
--> statement-breakpoint
ALTER TABLE "lead_daily_counts" ADD CONSTRAINT "lead_daily_counts_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_daily_counts" ADD CONSTRAINT "order_daily_counts_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_daily_counts_offer_day_idx" ON "lead_daily_counts" USING btree ("free_offer_id","day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_daily_counts_offer_day_idx" ON "order_daily_counts" USING btree ("free_offer_id","day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_full_name_trgm_idx" ON "leads" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_offer_paid_created_idx" ON "orders" USING btree ("free_offer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."status" = 'paid' and "orders"."amount_cents" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_lead_idx" ON "orders" USING btree ("lead_id") WHERE "orders"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_bump_offer_idx" ON "orders" USING btree ("bump_offer_id") WHERE "orders"."bump_offer_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_upsell_offer_idx" ON "orders" USING btree ("upsell_offer_id") WHERE "orders"."upsell_offer_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_full_name_trgm_idx" ON "orders" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The counters follow every write in the writer's own transaction: a lead or order and its count
-- commit or roll back together. Only changes that move a row between counters touch them.
CREATE FUNCTION lead_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE lead_daily_counts SET leads = leads - 1
      WHERE seller_id = OLD.seller_id AND free_offer_id = OLD.free_offer_id
        AND day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO lead_daily_counts AS c (seller_id, free_offer_id, day, leads)
      VALUES (NEW.seller_id, NEW.free_offer_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (seller_id, free_offer_id, day) DO UPDATE SET leads = c.leads + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_daily_counts_write AFTER INSERT OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION lead_daily_counts_apply();--> statement-breakpoint
CREATE TRIGGER leads_daily_counts_move AFTER UPDATE ON leads FOR EACH ROW
  WHEN ((OLD.seller_id, OLD.free_offer_id, OLD.created_at) IS DISTINCT FROM (NEW.seller_id, NEW.free_offer_id, NEW.created_at))
  EXECUTE FUNCTION lead_daily_counts_apply();--> statement-breakpoint
-- Drafts (no visitor details, decision D20) are not orders yet and are never counted.
CREATE FUNCTION order_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.email IS NOT NULL THEN
    UPDATE order_daily_counts SET
        orders = orders - 1,
        priced = priced - (OLD.amount_cents > 0)::int,
        with_bump = with_bump - (OLD.bump_offer_id IS NOT NULL)::int,
        upsell_shown = upsell_shown - (OLD.upsell_shown OR OLD.upsell_offer_id IS NOT NULL)::int,
        with_upsell = with_upsell - (OLD.upsell_offer_id IS NOT NULL)::int,
        amount_cents = amount_cents - OLD.amount_cents
      WHERE seller_id = OLD.seller_id AND free_offer_id = OLD.free_offer_id
        AND day = (OLD.created_at AT TIME ZONE 'UTC')::date AND status = OLD.status AND currency = OLD.currency;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.email IS NOT NULL THEN
    INSERT INTO order_daily_counts AS c
        (seller_id, free_offer_id, day, status, currency, orders, priced, with_bump, upsell_shown, with_upsell, amount_cents)
      VALUES (NEW.seller_id, NEW.free_offer_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, NEW.currency, 1,
        (NEW.amount_cents > 0)::int, (NEW.bump_offer_id IS NOT NULL)::int,
        (NEW.upsell_shown OR NEW.upsell_offer_id IS NOT NULL)::int, (NEW.upsell_offer_id IS NOT NULL)::int, NEW.amount_cents)
      ON CONFLICT (seller_id, free_offer_id, day, status, currency) DO UPDATE SET
        orders = c.orders + 1,
        priced = c.priced + excluded.priced,
        with_bump = c.with_bump + excluded.with_bump,
        upsell_shown = c.upsell_shown + excluded.upsell_shown,
        with_upsell = c.with_upsell + excluded.with_upsell,
        amount_cents = c.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_daily_counts_write AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_daily_counts_apply();--> statement-breakpoint
CREATE TRIGGER orders_daily_counts_move AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.seller_id, OLD.free_offer_id, OLD.created_at, OLD.status, OLD.currency, OLD.email IS NULL, OLD.amount_cents,
         OLD.bump_offer_id IS NULL, OLD.upsell_offer_id IS NULL, OLD.upsell_shown)
    IS DISTINCT FROM (NEW.seller_id, NEW.free_offer_id, NEW.created_at, NEW.status, NEW.currency, NEW.email IS NULL, NEW.amount_cents,
         NEW.bump_offer_id IS NULL, NEW.upsell_offer_id IS NULL, NEW.upsell_shown))
  EXECUTE FUNCTION order_daily_counts_apply();--> statement-breakpoint
-- The rows already there (the triggers count every later write).
INSERT INTO lead_daily_counts (seller_id, free_offer_id, day, leads)
  SELECT seller_id, free_offer_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM leads GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO order_daily_counts (seller_id, free_offer_id, day, status, currency, orders, priced, with_bump, upsell_shown, with_upsell, amount_cents)
  SELECT seller_id, free_offer_id, (created_at AT TIME ZONE 'UTC')::date, status, currency, count(*),
      count(*) FILTER (WHERE amount_cents > 0), count(bump_offer_id), count(*) FILTER (WHERE upsell_shown OR upsell_offer_id IS NOT NULL),
      count(upsell_offer_id), coalesce(sum(amount_cents), 0)
    FROM orders WHERE email IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
