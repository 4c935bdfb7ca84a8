-- Lead capture's batches owe webhooks and download emails to their new leads (decision D16). Rather
-- than writing a delivery, an email and two jobs per lead before answering, a batch writes one row
-- here and one job in its own transaction; the worker queues the deliveries and emails and deletes
-- the row in one transaction (docs/decisions/0011).
CREATE TABLE "lead_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_lead_ids" uuid[] NOT NULL,
	"email_lead_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
