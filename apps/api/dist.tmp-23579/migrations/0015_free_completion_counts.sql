CREATE TABLE "free_completion_daily_counts" (
	"seller_id" uuid NOT NULL,
	"free_offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "free_completion_daily_counts_pkey" PRIMARY KEY("seller_id","free_offer_id","day")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "free_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "free_completion_daily_counts" ADD CONSTRAINT "free_completion_daily_counts_free_offer_id_free_offers_id_fk" FOREIGN KEY ("free_offer_id") REFERENCES "public"."free_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_completion_daily_counts_offer_day_idx" ON "free_completion_daily_counts" USING btree ("free_offer_id","day");--> statement-breakpoint
-- The funnel's free completions are people, one per lead (docs/decisions/0005): counting distinct
-- emails over a range's orders read every order of it (5.7x slower at 1M rows than at 1k). A lead
-- keeps when it first completed the free checkout, and this counter sums those per UTC day, moved at
-- COMMIT like lead_daily_counts (migration 0010) so a checkout never holds the row for its whole
-- transaction. Leads that never completed queue no trigger event at all.
UPDATE leads SET free_completed_at = first.at
  FROM (
    SELECT free_offer_id, lower(email) AS email, min(created_at) AS at FROM orders
      WHERE status = 'paid' AND amount_cents = 0 AND email IS NOT NULL
      GROUP BY free_offer_id, lower(email)
  ) AS first
  WHERE leads.free_offer_id = first.free_offer_id AND lower(leads.email) = first.email;--> statement-breakpoint
INSERT INTO free_completion_daily_counts (seller_id, free_offer_id, day, completers)
  SELECT seller_id, free_offer_id, (free_completed_at AT TIME ZONE 'UTC')::date, count(*) FROM leads
    WHERE free_completed_at IS NOT NULL
    GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION free_completion_daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.free_completed_at IS NOT NULL THEN
    UPDATE free_completion_daily_counts SET completers = completers - 1
      WHERE seller_id = OLD.seller_id AND free_offer_id = OLD.free_offer_id
        AND day = (OLD.free_completed_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.free_completed_at IS NOT NULL THEN
    INSERT INTO free_completion_daily_counts AS c (seller_id, free_offer_id, day, completers)
      VALUES (NEW.seller_id, NEW.free_offer_id, (NEW.free_completed_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (seller_id, free_offer_id, day) DO UPDATE SET completers = c.completers + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_free_completion_counts_insert AFTER INSERT ON leads
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.free_completed_at IS NOT NULL)
  EXECUTE FUNCTION free_completion_daily_counts_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_free_completion_counts_delete AFTER DELETE ON leads
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.free_completed_at IS NOT NULL)
  EXECUTE FUNCTION free_completion_daily_counts_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_free_completion_counts_move AFTER UPDATE ON leads
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.seller_id, OLD.free_offer_id, OLD.free_completed_at) IS DISTINCT FROM (NEW.seller_id, NEW.free_offer_id, NEW.free_completed_at))
  EXECUTE FUNCTION free_completion_daily_counts_apply();
