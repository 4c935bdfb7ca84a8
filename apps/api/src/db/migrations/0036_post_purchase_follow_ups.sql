-- Issue 26: a paid one-click charge's email, CRM webhook and conversions are queued by a job after the accept answers.
ALTER TABLE "post_purchase_charges" ADD COLUMN "follow_ups_owed" boolean DEFAULT false NOT NULL;
