CREATE INDEX "split_tests_seller_idx" ON "split_tests" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "split_variants_seller_idx" ON "split_variants" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "split_variants_offer_idx" ON "split_variants" USING btree ("free_offer_id");--> statement-breakpoint
CREATE INDEX "post_purchase_charges_offer_idx" ON "post_purchase_charges" USING btree ("offer_id") WHERE "post_purchase_charges"."offer_id" is not null;