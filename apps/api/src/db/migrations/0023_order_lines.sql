CREATE TABLE "local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"offer_id" uuid,
	"headline" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" smallint NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"payment_ref" text,
	"refund_ref" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_order_kind_offer_key" UNIQUE NULLS NOT DISTINCT("order_id","kind","offer_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "local_refunds" ADD CONSTRAINT "local_refunds_intent_id_local_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."local_payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_refunds_intent_idx" ON "local_refunds" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "order_lines_payment_ref_idx" ON "order_lines" USING btree ("payment_ref");--> statement-breakpoint
-- Decision D35: the first payment's lines of a paid order: the free offer at 0, the bump and the
-- upsell at the prices the order kept (rows older than those prices: the rest of the total, so the
-- lines always add up to it). Headlines are copied so a later edit or deletion of an offer leaves
-- what was bought as it was. The trigger below and the backfill use it alike.
CREATE FUNCTION order_first_payment_lines(o orders)
RETURNS TABLE (kind text, offer_id uuid, headline text, amount_cents integer, payment_ref text)
LANGUAGE sql STABLE AS $$
  WITH parts AS (
    SELECT (o.bump_offer_id IS NOT NULL OR o.bump_price_cents IS NOT NULL) AS has_bump,
           (o.upsell_offer_id IS NOT NULL OR o.upsell_price_cents IS NOT NULL) AS has_upsell,
           CASE WHEN o.provider = 'none' THEN NULL ELSE o.intent_id END AS payment
  ), bump AS (
    SELECT CASE WHEN has_bump THEN greatest(coalesce(o.bump_price_cents, o.amount_cents - coalesce(o.upsell_price_cents, 0)), 0) ELSE 0 END AS cents
    FROM parts
  )
  SELECT 'free', o.free_offer_id, coalesce((SELECT f.headline FROM free_offers f WHERE f.id = o.free_offer_id), 'Free offer'), 0, NULL::text
  UNION ALL
  SELECT 'bump', o.bump_offer_id, coalesce((SELECT b.headline FROM bump_offers b WHERE b.id = o.bump_offer_id), 'BUMP offer'), bump.cents, parts.payment
  FROM parts, bump WHERE parts.has_bump
  UNION ALL
  SELECT 'upsell', o.upsell_offer_id, coalesce((SELECT u.headline FROM upsell_offers u WHERE u.id = o.upsell_offer_id), 'OTO offer'),
         greatest(coalesce(o.upsell_price_cents, o.amount_cents - bump.cents), 0), parts.payment
  FROM parts, bump WHERE parts.has_upsell
$$;--> statement-breakpoint
-- Written by the statement that marks an order paid (markPaid, the free completion's insert or
-- update), in its transaction and with no round trip of its own. A repeat writes nothing (the
-- unique line per order, kind and offer).
CREATE FUNCTION order_lines_of_first_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_lines (order_id, kind, offer_id, headline, amount_cents, currency, payment_ref, created_at)
  SELECT NEW.id, line.kind, line.offer_id, line.headline, line.amount_cents, NEW.currency, line.payment_ref, coalesce(NEW.paid_at, now())
  FROM order_first_payment_lines(NEW) AS line
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_paid_lines_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.status = 'paid')
  EXECUTE FUNCTION order_lines_of_first_payment();--> statement-breakpoint
CREATE TRIGGER orders_paid_lines_update AFTER UPDATE OF status ON orders FOR EACH ROW
  WHEN (NEW.status = 'paid' AND OLD.status IS DISTINCT FROM 'paid')
  EXECUTE FUNCTION order_lines_of_first_payment();--> statement-breakpoint
-- Every order already paid gets its lines, the same way (no order is changed or dropped).
INSERT INTO order_lines (order_id, kind, offer_id, headline, amount_cents, currency, payment_ref, created_at)
SELECT o.id, line.kind, line.offer_id, line.headline, line.amount_cents, o.currency, line.payment_ref, coalesce(o.paid_at, o.created_at)
FROM orders o CROSS JOIN LATERAL order_first_payment_lines(o) AS line
WHERE o.status = 'paid'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Decision D35: a refunded or partly refunded order was still paid (the funnel counts it as a
-- completed checkout); its revenue is what the seller kept, the total less what was refunded.
CREATE OR REPLACE FUNCTION funnel_hourly_order(r orders, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE done boolean := r.status IN ('paid', 'partially_refunded', 'refunded');
BEGIN
  IF r.email IS NULL THEN RETURN; END IF;
  PERFORM funnel_hourly_add(r.free_offer_id, r.created_at, r.utm_source, r.utm_campaign, r.currency,
    0, 0, sign, sign * (done AND r.amount_cents > 0)::int, sign * (done AND r.amount_cents = 0)::int,
    sign * (done AND r.bump_offer_id IS NOT NULL)::int,
    sign * (done AND (r.upsell_shown OR r.upsell_offer_id IS NOT NULL))::int,
    sign * (done AND r.upsell_offer_id IS NOT NULL)::int, 0,
    sign * CASE WHEN done AND r.amount_cents > 0 THEN r.amount_cents - r.refunded_cents ELSE 0 END);
END $$;--> statement-breakpoint
DROP TRIGGER orders_funnel_hourly_move ON orders;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_funnel_hourly_move AFTER UPDATE ON orders DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.free_offer_id, OLD.created_at, OLD.status, OLD.currency, OLD.email IS NULL, OLD.amount_cents, OLD.refunded_cents,
         OLD.bump_offer_id IS NULL, OLD.upsell_offer_id IS NULL, OLD.upsell_shown, OLD.utm_source, OLD.utm_campaign)
    IS DISTINCT FROM (NEW.free_offer_id, NEW.created_at, NEW.status, NEW.currency, NEW.email IS NULL, NEW.amount_cents, NEW.refunded_cents,
         NEW.bump_offer_id IS NULL, NEW.upsell_offer_id IS NULL, NEW.upsell_shown, NEW.utm_source, NEW.utm_campaign))
  EXECUTE FUNCTION funnel_hourly_orders_apply();
